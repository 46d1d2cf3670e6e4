import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';

export type VerifiedEmail = components['schemas']['VerifiedEmail'];

/** Follows a mailed verification link. */
export function verifyEmail(token: string): Promise<VerifiedEmail> {
  return api.post<VerifiedEmail>('/auth/verify-email', { token }, { auth: false });
}
