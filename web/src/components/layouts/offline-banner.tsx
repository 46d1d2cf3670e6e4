import { useOffline } from '@/hooks/use-offline';

export const OFFLINE_MESSAGE = "You are offline. Changes can't be saved until you're back online.";

/**
 * Says so while the app is offline. The live region stays in the page when
 * empty, so screen readers announce the message when it appears.
 */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div role="status" aria-live="polite">
      {offline && <p className="app-notice app-notice--offline">{OFFLINE_MESSAGE}</p>}
    </div>
  );
}
