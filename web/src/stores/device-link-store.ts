import { create } from 'zustand';

import { storage } from '@/lib/storage';

interface DeviceLinkState {
  /**
   * This browser's device token when it is a child's own device, signed in
   * through a sign-in code a parent showed (kept under `chorely.deviceToken`);
   * null on any other browser. It outlives sessions: when one ends, the
   * device signs in again with it, until a parent signs the device out or
   * someone logs out here.
   */
  deviceToken: string | null;
  /**
   * When this page last opened a session with the device token (Unix ms),
   * so that a session ending straight after is not opened again in a loop.
   * Not stored.
   */
  signedInAt: number | null;
  noteSignIn: (at: number) => void;
  /** This browser became a child's device (a sign-in code was claimed here). */
  remember: (deviceToken: string) => void;
  /** This browser is an ordinary one again: logged out here, or the server no longer knows the device. */
  forget: () => void;
}

export const useDeviceLinkStore = create<DeviceLinkState>()((set) => ({
  deviceToken: storage.getDeviceToken(),
  signedInAt: null,
  noteSignIn: (signedInAt) => set({ signedInAt }),
  remember: (deviceToken) => {
    storage.setDeviceToken(deviceToken);
    set({ deviceToken });
  },
  forget: () => {
    storage.setDeviceToken(null);
    set({ deviceToken: null, signedInAt: null });
  },
}));

/** Whether this browser is a child's own device, signed in through a sign-in code. */
export function useIsLinkedDevice(): boolean {
  return useDeviceLinkStore((state) => state.deviceToken !== null);
}
