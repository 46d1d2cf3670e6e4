import { api } from '@/lib/api-client';
import type { ChoreAvailability } from '@/types/api';

/** Which chores the child may submit now, and when the others open again. */
export function getAvailability(signal?: AbortSignal): Promise<ChoreAvailability[]> {
  return api.get<ChoreAvailability[]>('/submissions/availability', { signal });
}
