import { api } from '@/lib/api-client';
import type { Chore } from '@/types/api';

/** The family's active chores. */
export function getChores(signal?: AbortSignal): Promise<Chore[]> {
  return api.get<Chore[]>('/chores', { signal });
}
