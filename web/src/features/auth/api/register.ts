import { api } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';
import type { components } from '@/types/schema';

/** organizationName is shown as "Family Name"; timeZone is the browser's (IANA). */
export type RegisterInput = components['schemas']['RegisterBody'];

export function register(input: RegisterInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/register', input, { auth: false });
}
