import { api } from '@/lib/api-client';
import type { RenewedToken } from '@/types/api';

/**
 * A new token for the session the stored token belongs to (POST /auth/renew):
 * the same session with a later expiry. A token already expired or ended is
 * refused with a 401, which ends the session here as any 401 does.
 */
export async function renewToken(): Promise<string> {
  const { token } = await api.post<RenewedToken>('/auth/renew');
  return token;
}
