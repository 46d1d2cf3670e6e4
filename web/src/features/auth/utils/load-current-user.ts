import { getCurrentUser } from '../api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import type { User } from '@/types/api';

/**
 * Refreshes the signed-in user from GET /users/me and keeps it in the session.
 * A 401 has already ended the session inside the API client; other failures
 * are logged and leave the stored user as it was.
 *
 * The answer is kept only if nothing newer happened while it was in flight:
 * the session ended or changed, the user was set from another answer (a
 * verified email, a saved profile), or a later read began. An earlier read
 * can answer last, and its older account must not undo the newer one.
 */
export async function loadCurrentUser(): Promise<User | null> {
  const { token, beginUserRead } = useSessionStore.getState();
  if (!token) return null;
  const revision = beginUserRead();
  const stillCurrent = () => {
    const state = useSessionStore.getState();
    return state.token === token && state.userRevision === revision;
  };
  try {
    const user = await getCurrentUser();
    if (stillCurrent()) useSessionStore.getState().setUser(user);
    return user;
  } catch (error) {
    if (!isApiError(error, 401)) {
      console.error('Failed to load the current user', error);
      if (stillCurrent()) useSessionStore.getState().setUserStatus('error');
    }
    return null;
  }
}
