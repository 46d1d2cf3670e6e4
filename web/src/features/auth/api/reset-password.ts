import { api } from '@/lib/api-client';
import type { LoginAnswer } from '@/types/api';
import type { components } from '@/types/schema';

export type ResetPasswordInput = components['schemas']['ResetPasswordBody'];

/**
 * Sets a new password with a mailed link's token; every other session ends.
 * Answers as a login does: the session, or, with two-factor sign-in on, the
 * second step's challenge (the mailbox alone proves no second factor).
 */
export function resetPassword(input: ResetPasswordInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/auth/reset-password', input, { auth: false });
}
