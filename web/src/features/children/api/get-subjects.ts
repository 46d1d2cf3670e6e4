import { useQuery } from '@tanstack/react-query';

import type { Subject } from '../types';
import { activeFirst } from '../utils/subject-form';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A child's subjects, active ones first, then the archived. */
export function getSubjects(childId: string, signal?: AbortSignal): Promise<Subject[]> {
  return api.get<Subject[]>(`/subjects/${encodeURIComponent(childId)}`, { signal });
}

export function useSubjects(childId: string) {
  return useQuery({
    queryKey: queryKeys.subjects.of(childId),
    queryFn: ({ signal }) => getSubjects(childId, signal),
    select: activeFirst,
    meta: { what: 'subjects' },
  });
}
