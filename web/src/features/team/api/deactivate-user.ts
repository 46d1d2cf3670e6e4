import type { Member } from '../types';
import { api } from '@/lib/api-client';

export function deactivateUser(id: string): Promise<Member> {
  return api.put<Member>(`/users/${encodeURIComponent(id)}/deactivate`);
}
