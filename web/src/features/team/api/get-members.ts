import type { Member } from '../types';
import { api } from '@/lib/api-client';

export function getMembers(signal?: AbortSignal): Promise<Member[]> {
  return api.get<Member[]>('/organizations/members', { signal });
}
