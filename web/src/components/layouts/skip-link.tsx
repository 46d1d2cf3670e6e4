import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of every screen's <main>, which the skip link moves focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first thing Tab reaches on every screen, shown
 * only while focused. It moves focus to <main> (which takes it with
 * tabIndex -1) without changing the address.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      {t('layout.skipToMain')}
    </a>
  );
}
