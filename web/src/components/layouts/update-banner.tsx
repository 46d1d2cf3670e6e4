import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { APP_NAME } from '@/config/env';
import { useAppUpdateStore } from '@/stores/app-update-store';

/** Offers the new version of the app once a new deploy's service worker is ready. */
export function UpdateBanner() {
  const apply = useAppUpdateStore((state) => state.apply);
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {apply && (
        <div className="app-notice app-notice--update">
          <p>{t('layout.updateReady', { app: APP_NAME })}</p>
          <Button onClick={apply}>{t('actions.reload')}</Button>
        </div>
      )}
    </div>
  );
}
