import { Button } from '@/components/ui';
import { APP_NAME } from '@/config/env';
import { useAppUpdateStore } from '@/stores/app-update-store';

/** Offers the new version of the app once a new deploy's service worker is ready. */
export function UpdateBanner() {
  const apply = useAppUpdateStore((state) => state.apply);
  return (
    <div role="status" aria-live="polite">
      {apply && (
        <div className="app-notice app-notice--update">
          <p>A new version of {APP_NAME} is ready.</p>
          <Button onClick={apply}>
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
