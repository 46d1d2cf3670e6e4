import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';

/** Mails the signed-in user a new verification link. */
export function resendVerification(): Promise<components['schemas']['Accepted']> {
  return api.post<components['schemas']['Accepted']>('/auth/resend-verification', {});
}
