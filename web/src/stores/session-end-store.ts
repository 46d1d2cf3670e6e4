import { create } from 'zustand';

import { serverErrorText } from '@/lib/server-messages';
import type { ApiErrorBody } from '@/types/api';

/** A session the server ended (a 401), as the login screen tells of it. */
export interface SessionEnd {
  /**
   * Why, when the server says: a deactivated account or a suspended family,
   * in the server's words. Null for any other ending (an expired token).
   */
  reason: string | null;
  /** The page that was open (path, query and hash), to return to after logging in. */
  returnTo: string;
  /** Whose session it was: only they are taken back to that page. */
  userId: string | null;
}

interface SessionEndState {
  ended: SessionEnd | null;
  record: (ended: SessionEnd) => void;
  clear: () => void;
}

/** Client state only, kept in memory: a reload of the login screen forgets it. */
export const useSessionEndStore = create<SessionEndState>()((set) => ({
  ended: null,
  record: (ended) => set({ ended }),
  clear: () => set({ ended: null }),
}));

/** The reason a 401's body gives, by its code (never by its wording), in the interface language. */
export function reasonOf(body: ApiErrorBody | null): string | null {
  if (body?.code !== 'ACCOUNT_DEACTIVATED' && body?.code !== 'FAMILY_SUSPENDED') return null;
  return serverErrorText(body);
}

const NO_RETURN = ['/login', '/register', '/invite/', '/accept-invite/', '/link'];

/**
 * `value` when it is a page of this app to return to after logging in: a
 * path on this origin (not `//host`), and not a screen for signed-out visitors.
 */
export function returnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  const path = value.split(/[?#]/)[0] ?? '';
  if (NO_RETURN.some((prefix) => path === prefix || (prefix.endsWith('/') && path.startsWith(prefix)))) return null;
  return value;
}
