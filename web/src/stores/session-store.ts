import { create } from 'zustand';

import { isParentRole } from '@/lib/roles';
import { storage } from '@/lib/storage';
import type { RewardDisplayType, User } from '@/types/api';

/** Progress of loading the signed-in user from the API. */
export type UserStatus = 'idle' | 'loading' | 'error';

interface SessionState {
  token: string | null;
  user: User | null;
  userStatus: UserStatus;
  /**
   * Counts the changes to the kept user and the reads of it begun: a read of
   * GET /users/me keeps its answer only when nothing newer happened since it
   * began (see loadCurrentUser). Not stored: it orders this page's requests.
   */
  userRevision: number;
  /** After login or registration: keeps both the token and the user. */
  setSession: (token: string, user: User) => void;
  /** After accepting an invitation only the token is kept; the user is loaded next. */
  setToken: (token: string) => void;
  /** A new token for the same user (a renewal, a changed password): the user is kept. */
  replaceToken: (token: string) => void;
  setUser: (user: User) => void;
  setUserStatus: (status: UserStatus) => void;
  /** Marks the start of a read of the user; returns the revision it is for. */
  beginUserRead: () => number;
  clearSession: () => void;
  /** Re-reads the session from local storage. */
  hydrate: () => void;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: storage.getToken(),
  user: storage.getUser(),
  userStatus: 'idle',
  userRevision: 0,

  setSession: (token, user) => {
    storage.setToken(token);
    storage.setUser(user);
    set((state) => ({ token, user, userStatus: 'idle', userRevision: state.userRevision + 1 }));
  },
  setToken: (token) => {
    storage.setToken(token);
    storage.setUser(null);
    set((state) => ({ token, user: null, userStatus: 'idle', userRevision: state.userRevision + 1 }));
  },
  replaceToken: (token) => {
    storage.setToken(token);
    set({ token });
  },
  setUser: (user) => {
    storage.setUser(user);
    set((state) => ({ user, userStatus: 'idle', userRevision: state.userRevision + 1 }));
  },
  setUserStatus: (userStatus) => set({ userStatus }),
  beginUserRead: () => {
    const userRevision = get().userRevision + 1;
    set({ userRevision, userStatus: 'loading' });
    return userRevision;
  },
  clearSession: () => {
    storage.clearSession();
    set((state) => ({ token: null, user: null, userStatus: 'idle', userRevision: state.userRevision + 1 }));
  },
  hydrate: () =>
    set((state) => ({
      token: storage.getToken(),
      user: storage.getUser(),
      userStatus: 'idle',
      userRevision: state.userRevision + 1,
    })),
}));

const REWARD_DISPLAY_TYPES: readonly RewardDisplayType[] = ['MONEY', 'SCREEN_TIME', 'POINTS', 'CUSTOM'];

/**
 * The unit of the user's own rewards and balance: what their parents set on a
 * child's record. Null for parents, whose chore rewards are not tied to one
 * child, and for a user stored before profiles carried a unit (or with one
 * this version does not know): formatReward shows dollars then.
 */
export function ownRewardUnitOf(user: User | null): RewardDisplayType | null {
  if (!user || isParentRole(user.role)) return null;
  const value = user.profile?.rewardDisplayType;
  return value && REWARD_DISPLAY_TYPES.includes(value) ? value : null;
}

/** The signed-in user's own reward unit (see ownRewardUnitOf). */
export function useOwnRewardUnit(): RewardDisplayType | null {
  return useSessionStore((state) => ownRewardUnitOf(state.user));
}
