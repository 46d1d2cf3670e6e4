import { STORAGE_KEYS, storage } from './storage';
import { useSessionStore } from '@/stores/session-store';

/** When a token was issued and when it expires, in Unix milliseconds. */
export interface TokenLifetime {
  issuedAt: number;
  expiresAt: number;
}

/** A base64url text (no padding) as the UTF-8 text it encodes. */
function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The lifetime a token's payload states (`iat` and `exp`, in seconds); null
 * for anything that is not a JWT with both. Read for timing only: the
 * signature is not checked here, the server checks it on every call.
 */
export function tokenLifetime(token: string): TokenLifetime | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { iat, exp } = payload as Record<string, unknown>;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) return null;
  if (exp <= iat) return null;
  return { issuedAt: iat * 1000, expiresAt: exp * 1000 };
}

/** Whether less than half of the token's lifetime is left at `now`. */
export function pastHalfLife({ issuedAt, expiresAt }: TokenLifetime, now: number): boolean {
  return now >= issuedAt + (expiresAt - issuedAt) / 2;
}

/** How often the token is looked at while nothing else happens. */
export const CHECK_EVERY_MS = 60_000;
/** Without a pointer, key or visibility event for this long the app counts as not in use. */
export const IDLE_AFTER_MS = 30 * 60_000;

export interface SessionRenewalOptions {
  /** Asks the server for a new token of the stored token's session (POST /auth/renew). */
  renew: () => Promise<string>;
  /** The time in Unix milliseconds (Date.now by default). */
  now?: () => number;
  checkEveryMs?: number;
  idleAfterMs?: number;
}

export interface SessionRenewal {
  /** Renews the stored token if it is due; resolves once done (a renewal under way is shared). */
  check: () => Promise<void>;
  /** Stops the timer and the listeners. */
  stop: () => void;
}

/**
 * Keeps the session going while the app is in use: tokens live an hour, and
 * once less than half of the stored token's life is left, and someone used
 * the app lately (a pointer press, a key, the tab shown) in a visible tab,
 * the token is renewed once (checks that come meanwhile share that call) and
 * the new one stored with the same user. Looked at on start, every minute
 * and on each use. A renewal the network lost is tried again at the next check; a 401
 * ends the session the way any 401 does. Nothing is renewed in a tab left
 * alone, so a session left alone ends when its token expires.
 *
 * Tabs of one browser share the stored token: a token another tab stored for
 * the same user (renewed, or after a password change) is taken up at once,
 * so that a tab left hidden does not go on with a token about to end.
 */
export function startSessionRenewal(options: SessionRenewalOptions): SessionRenewal {
  const { renew, now = Date.now, checkEveryMs = CHECK_EVERY_MS, idleAfterMs = IDLE_AFTER_MS } = options;
  let lastUse = now();
  let underWay: Promise<void> | null = null;

  const renewSession = async (token: string) => {
    try {
      const renewed = await renew();
      const session = useSessionStore.getState();
      // Only for the session it renews: not after a logout or another login meanwhile.
      if (session.token === token) session.replaceToken(renewed);
    } catch {
      // Tried again at the next check; a 401 has ended the session already.
    }
  };

  const check = (): Promise<void> => {
    if (underWay) return underWay;
    if (document.visibilityState !== 'visible' || now() - lastUse > idleAfterMs) return Promise.resolve();
    const { token } = useSessionStore.getState();
    const lifetime = token ? tokenLifetime(token) : null;
    if (!token || !lifetime || !pastHalfLife(lifetime, now())) return Promise.resolve();
    underWay = renewSession(token).finally(() => {
      underWay = null;
    });
    return underWay;
  };

  const onUse = () => {
    lastUse = now();
    void check();
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') onUse();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token || !event.newValue) return;
    const session = useSessionStore.getState();
    if (event.newValue !== session.token && session.user && storage.getUser()?.id === session.user.id) {
      session.replaceToken(event.newValue);
    }
  };

  const listening = { capture: true, passive: true } as const;
  window.addEventListener('pointerdown', onUse, listening);
  window.addEventListener('keydown', onUse, listening);
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisibilityChange);
  const timer = window.setInterval(() => void check(), checkEveryMs);
  // Opening the app is a use of it.
  void check();

  return {
    check,
    stop: () => {
      window.clearInterval(timer);
      window.removeEventListener('pointerdown', onUse, listening);
      window.removeEventListener('keydown', onUse, listening);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}
