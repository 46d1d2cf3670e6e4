import { create } from 'zustand';

/**
 * The family tablet on this browser: its device token (kept under
 * `tabletToken`, sent as `X-Tablet-Token`), and whether the signed-in session
 * is a child's opened on it with their PIN (`tabletSession`), which ends after
 * 2 idle minutes or on "Done" and returns to the tablet's avatars.
 */
export const TABLET_STORAGE_KEYS = { token: 'tabletToken', session: 'tabletSession' } as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable; the tablet keeps working in memory until reloaded.
  }
}

interface TabletState {
  deviceToken: string | null;
  childSession: boolean;
  /** The server refused the tablet's token (a parent removed it): say so. */
  removed: boolean;
  /**
   * The signed-in session on this browser ends once the tablet's screen shows
   * (ended on the signed-in screens, it would send the browser to the login).
   */
  endSessionOnArrival: boolean;
  setEndSessionOnArrival: (end: boolean) => void;
  /** This browser becomes the family tablet. */
  setDeviceToken: (token: string) => void;
  /** The tablet was removed (or its token refused): this browser is an ordinary one again. */
  forgetTablet: () => void;
  /** A child's PIN opened their session on the tablet (or it ended). */
  setChildSession: (active: boolean) => void;
}

export const useTabletStore = create<TabletState>()((set) => ({
  deviceToken: read(TABLET_STORAGE_KEYS.token),
  childSession: read(TABLET_STORAGE_KEYS.session) === '1',
  removed: false,
  endSessionOnArrival: false,
  setEndSessionOnArrival: (end) => set({ endSessionOnArrival: end }),
  setDeviceToken: (token) => {
    write(TABLET_STORAGE_KEYS.token, token);
    set({ deviceToken: token, removed: false });
  },
  forgetTablet: () => {
    write(TABLET_STORAGE_KEYS.token, null);
    write(TABLET_STORAGE_KEYS.session, null);
    set({ deviceToken: null, childSession: false, removed: true });
  },
  setChildSession: (active) => {
    write(TABLET_STORAGE_KEYS.session, active ? '1' : null);
    set({ childSession: active });
  },
}));
