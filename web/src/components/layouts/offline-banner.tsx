import { useTranslation } from 'react-i18next';

import { useOffline } from '@/hooks/use-offline';
import { i18n } from '@/lib/i18n';

/** What the banner says, in the language shown. */
export const offlineMessage = (): string => i18n.t('common:layout.offline');

/**
 * Says so while the app is offline. The live region stays in the page when
 * empty, so screen readers announce the message when it appears.
 */
export function OfflineBanner() {
  const offline = useOffline();
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {offline && <p className="app-notice app-notice--offline">{t('layout.offline')}</p>}
    </div>
  );
}
