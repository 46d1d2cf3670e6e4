import { api } from '@/lib/api-client';
import type { AuthResponse, LoginMfaInput } from '@/types/api';

/**
 * The second step of a login with two-factor sign-in: the login's mfaToken
 * and a code of the authenticator app or a recovery code. Anonymous: its 401
 * (the mfaToken expired) is the login's to handle, not a session's end.
 */
export function loginMfa(input: LoginMfaInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login/mfa', input, { auth: false });
}
