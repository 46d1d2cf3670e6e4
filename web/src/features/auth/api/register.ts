import { api } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Shown as "Family Name". */
  organizationName: string;
  /** IANA time zone of the family, taken from the browser. */
  timeZone: string;
}

export function register(input: RegisterInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/register', input, { auth: false });
}
