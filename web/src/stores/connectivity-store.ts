import { create } from 'zustand';

interface ConnectivityState {
  /**
   * The last API call got no answer at all (no network, or the server out of
   * reach), and no call has been answered since. The browser's own online
   * flag is read where it is needed (useOffline).
   */
  networkFailed: boolean;
  setNetworkFailed: (failed: boolean) => void;
}

/** Client state only, kept in memory. */
export const useConnectivityStore = create<ConnectivityState>()((set, get) => ({
  networkFailed: false,
  setNetworkFailed: (failed) => {
    if (get().networkFailed !== failed) set({ networkFailed: failed });
  },
}));

/** Notes the outcome of an API call: answered (any status) or not answered at all. */
export function reportNetworkOutcome(answered: boolean): void {
  useConnectivityStore.getState().setNetworkFailed(!answered);
}
