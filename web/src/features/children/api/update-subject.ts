import { useMutation } from '@tanstack/react-query';

import type { Subject } from '../types';
import type { SubjectInput } from './create-subject';
import { useSubjectsChanged } from './subject-changes';
import { api } from '@/lib/api-client';

/** PUT /subjects/{id} with every field, or with isActive alone to archive or restore. */
export function updateSubject(id: string, input: SubjectInput | { isActive: boolean }): Promise<Subject> {
  return api.put<Subject>(`/subjects/${encodeURIComponent(id)}`, input);
}

export function useUpdateSubject() {
  const changed = useSubjectsChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SubjectInput | { isActive: boolean } }) => updateSubject(id, input),
    onSuccess: changed,
  });
}
