import { create } from 'zustand';

import { storage } from '@/lib/storage';
import type { User } from '@/types/api';

/** Progress of loading the signed-in user from the API. */
export type UserStatus = 'idle' | 'loading' | 'error';

interface SessionState {
  token: string | null;
  user: User | null;
  userStatus: UserStatus;
  /** After login or registration: keeps both the token and the user. */
  setSession: (token: string, user: User) => void;
  /** After accepting an invitation only the token is kept; the user is loaded next. */
  setToken: (token: string) => void;
  setUser: (user: User) => void;
  setUserStatus: (status: UserStatus) => void;
  clearSession: () => void;
  /** Re-reads the session from local storage. */
  hydrate: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  token: storage.getToken(),
  user: storage.getUser(),
  userStatus: 'idle',

  setSession: (token, user) => {
    storage.setToken(token);
    storage.setUser(user);
    set({ token, user, userStatus: 'idle' });
  },
  setToken: (token) => {
    storage.setToken(token);
    storage.setUser(null);
    set({ token, user: null, userStatus: 'idle' });
  },
  setUser: (user) => {
    storage.setUser(user);
    set({ user, userStatus: 'idle' });
  },
  setUserStatus: (userStatus) => set({ userStatus }),
  clearSession: () => {
    storage.clearSession();
    set({ token: null, user: null, userStatus: 'idle' });
  },
  hydrate: () => set({ token: storage.getToken(), user: storage.getUser(), userStatus: 'idle' }),
}));
