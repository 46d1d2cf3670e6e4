import { api } from '@/lib/api-client';
import type { Chore } from '@/types/api';

/** The family's active chores, to choose from. */
export function getChores(signal?: AbortSignal): Promise<Chore[]> {
  return api.get<Chore[]>('/chores', { signal });
}
