import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

export interface UpdateProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export function updateProfile(input: UpdateProfileInput): Promise<User> {
  return api.put<User>('/users/me', input);
}
