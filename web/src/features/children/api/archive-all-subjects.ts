import { useMutation } from '@tanstack/react-query';

import { useSubjectsChanged } from './subject-changes';
import { api } from '@/lib/api-client';

/** Archives every active subject of the child; answers how many were archived. */
export function archiveAllSubjects(childId: string): Promise<{ archived: number }> {
  return api.post<{ archived: number }>(`/subjects/${encodeURIComponent(childId)}/archive-all`);
}

export function useArchiveAllSubjects() {
  const changed = useSubjectsChanged();
  return useMutation({ mutationFn: archiveAllSubjects, onSuccess: changed });
}
