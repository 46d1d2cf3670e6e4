import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/users/me', { signal });
}
