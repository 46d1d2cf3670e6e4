import { getCurrentUser } from '../api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import type { User } from '@/types/api';

/**
 * Refreshes the signed-in user from GET /users/me and keeps it in the session.
 * A 401 has already ended the session inside the API client; other failures
 * are logged and leave the stored user as it was.
 */
export async function loadCurrentUser(): Promise<User | null> {
  const { token, setUserStatus } = useSessionStore.getState();
  if (!token) return null;
  setUserStatus('loading');
  try {
    const user = await getCurrentUser();
    // The session may have ended or changed while the request was in flight.
    if (useSessionStore.getState().token === token) useSessionStore.getState().setUser(user);
    return user;
  } catch (error) {
    if (!isApiError(error, 401)) {
      console.error('Failed to load the current user', error);
      if (useSessionStore.getState().token === token) setUserStatus('error');
    }
    return null;
  }
}
