import { api } from '@/lib/api-client';
import type { ChoreAvailability } from '@/types/api';

/** For a child: which chores they may submit now, and when the others open again. */
export function getAvailability(signal?: AbortSignal): Promise<ChoreAvailability[]> {
  return api.get<ChoreAvailability[]>('/submissions/availability', { signal });
}
