import { loginWithDevice } from '../api/device-login';
import { startSession } from './start-session';
import { paths } from '@/config/paths';
import { ApiError, errorCodeOf } from '@/lib/api-client';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { reasonOf } from '@/stores/session-end-store';

/** The pages that sign in their own way: claiming a new sign-in code, and the family tablet's PINs. */
const OWN_SIGN_IN: readonly string[] = [paths.auth.deviceLink.path, paths.tablet.path];

export interface DeviceSignInState {
  /** The session's token on this browser, if any. */
  sessionToken: string | null;
  /** This browser's device token, if it is a child's own device. */
  deviceToken: string | null;
  /** The page shown. */
  pathname: string;
}

/**
 * Whether this browser should open a session with its device token now: it
 * is a child's own device and has no session (none yet, or the last one
 * ended: expired, renewal refused, signed out by a password change), on any
 * page but those signing in their own way.
 */
export function needsDeviceSignIn({ sessionToken, deviceToken, pathname }: DeviceSignInState): boolean {
  return sessionToken === null && deviceToken !== null && !OWN_SIGN_IN.includes(pathname);
}

/**
 * A session the device opened this long ago and that has ended already is
 * not opened again at once: a server that signs the device in and refuses
 * its session straight after would otherwise be asked in a loop.
 */
export const SIGN_IN_AGAIN_AFTER_MS = 30_000;

/** Whether a device sign-in at `lastAt` (Unix ms, null for none yet) is too recent to sign in again at `now`. */
export function signedInTooRecently(lastAt: number | null, now: number): boolean {
  return lastAt !== null && now - lastAt < SIGN_IN_AGAIN_AFTER_MS;
}

/** How signing in with the device token went. */
export type DeviceSignInOutcome =
  /** A session is kept, as after a login. */
  | { kind: 'signed-in' }
  /** The server no longer knows the device (a parent signed it out): the token is forgotten. */
  | { kind: 'forgotten' }
  /**
   * Refused for another reason (a suspended family, a deactivated login):
   * the token is kept, as the device works again once that is undone.
   * `reason` in the interface language, where the server says one.
   */
  | { kind: 'refused'; reason: string | null }
  /** No answer, or the server failed: worth trying again. */
  | { kind: 'failed' };

let underWay: Promise<DeviceSignInOutcome> | null = null;

async function signIn(deviceToken: string, now: number): Promise<DeviceSignInOutcome> {
  try {
    const answer = await loginWithDevice(deviceToken);
    useDeviceLinkStore.getState().noteSignIn(now);
    await startSession(answer);
    return { kind: 'signed-in' };
  } catch (error) {
    if (errorCodeOf(error) === 'DEVICE_UNKNOWN') {
      // Only the token that was refused: not one a new sign-in code stored meanwhile.
      if (useDeviceLinkStore.getState().deviceToken === deviceToken) useDeviceLinkStore.getState().forget();
      return { kind: 'forgotten' };
    }
    if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
      return { kind: 'refused', reason: reasonOf(error.body) };
    }
    return { kind: 'failed' };
  }
}

/**
 * Opens a session with this browser's device token (POST /auth/device/login)
 * and keeps it as a login's. Calls made while one is under way share it (two
 * screens finding the session gone at once make one sign-in). A session the
 * device opened moments ago that has ended already is not opened again
 * (see SIGN_IN_AGAIN_AFTER_MS): the login shows instead.
 */
export function signInWithDevice(now = Date.now()): Promise<DeviceSignInOutcome> {
  const { deviceToken, signedInAt } = useDeviceLinkStore.getState();
  if (!deviceToken) return Promise.resolve({ kind: 'forgotten' });
  if (!underWay && signedInTooRecently(signedInAt, now)) return Promise.resolve({ kind: 'refused', reason: null });
  underWay ??= signIn(deviceToken, now).finally(() => {
    underWay = null;
  });
  return underWay;
}
