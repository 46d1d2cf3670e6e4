import { api } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';
import type { components } from '@/types/schema';

export type ResetPasswordInput = components['schemas']['ResetPasswordBody'];

/** Sets a new password with a mailed link's token; logs in (every other session ends). */
export function resetPassword(input: ResetPasswordInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/reset-password', input, { auth: false });
}
