import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';

export type ForgotPasswordInput = components['schemas']['ForgotPasswordBody'];

/** Asks for a reset link; answered alike whether or not an account has the address. */
export function forgotPassword(input: ForgotPasswordInput): Promise<components['schemas']['Accepted']> {
  return api.post<components['schemas']['Accepted']>('/auth/forgot-password', input, { auth: false });
}
