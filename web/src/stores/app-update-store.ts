import { create } from 'zustand';

interface AppUpdateState {
  /**
   * Switches to the new version of the app once the user agrees (null while
   * none is waiting): the new service worker takes over and the page reloads.
   */
  apply: (() => void) | null;
  offer: (apply: () => void) => void;
}

/** A new deploy's service worker waiting to take over (src/lib/service-worker.ts). */
export const useAppUpdateStore = create<AppUpdateState>()((set) => ({
  apply: null,
  offer: (apply) => set({ apply }),
}));
