import { api } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';
import type { components } from '@/types/schema';

export type LoginInput = components['schemas']['LoginBody'];

export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', input, { auth: false });
}
