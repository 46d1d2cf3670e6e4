import { api } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', input, { auth: false });
}
