import { useEffect, useSyncExternalStore } from 'react';

import { useConnectivityStore } from '@/stores/connectivity-store';

function subscribeToOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const browserOnline = () => navigator.onLine;

/**
 * Whether the app is offline now, as useOffline says it, for code that acts
 * at a moment rather than renders (a tap sent now or kept for later).
 */
export function isOffline(): boolean {
  return !navigator.onLine || useConnectivityStore.getState().networkFailed;
}

/**
 * Whether the app is offline: the browser says it has no network, or the
 * last API call got no answer. Coming back online (the browser's 'online'
 * event, or any call answered) ends it.
 */
export function useOffline(): boolean {
  const online = useSyncExternalStore(subscribeToOnline, browserOnline);
  const networkFailed = useConnectivityStore((state) => state.networkFailed);

  useEffect(() => {
    const forgetFailure = () => useConnectivityStore.getState().setNetworkFailed(false);
    window.addEventListener('online', forgetFailure);
    return () => window.removeEventListener('online', forgetFailure);
  }, []);

  return !online || networkFailed;
}
