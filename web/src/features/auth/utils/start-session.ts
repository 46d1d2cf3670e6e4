import { loadCurrentUser } from './load-current-user';
import { useSessionStore } from '@/stores/session-store';
import type { AuthResponse, User } from '@/types/api';

/**
 * Keeps the session a login or registration answered: the token with its
 * user, or, when the answer names no user, the token and then the user
 * GET /users/me gives (null when that fails).
 */
export async function startSession({ token, user }: AuthResponse): Promise<User | null> {
  const { setSession, setToken } = useSessionStore.getState();
  if (user) {
    setSession(token, user);
    return user;
  }
  setToken(token);
  return loadCurrentUser();
}
