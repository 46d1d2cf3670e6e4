import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ChoreAvailability } from '@/types/api';

/** For a child: which chores they may submit now, and when the others open again. */
export function getAvailability(signal?: AbortSignal): Promise<ChoreAvailability[]> {
  return api.get<ChoreAvailability[]>('/submissions/availability', { signal });
}

/** The signed-in child's availability, shared by My Chores and Submit Chore. */
export function useAvailability() {
  return useQuery({
    queryKey: queryKeys.availability,
    queryFn: ({ signal }) => getAvailability(signal),
    meta: { what: 'chore availability' },
  });
}
