import { useTranslation } from 'react-i18next';

import { PausesPanel } from './pauses-panel';

/** The whole family's pauses, for the Settings page's Pauses tab. */
export function FamilyPauses() {
  const { t } = useTranslation('common');
  return (
    <section aria-label={t('pauses.familyTitle')}>
      <PausesPanel />
    </section>
  );
}
