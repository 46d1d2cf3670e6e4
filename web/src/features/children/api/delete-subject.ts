import { useMutation } from '@tanstack/react-query';

import { useSubjectsChanged } from './subject-changes';
import { api } from '@/lib/api-client';

/** Deletes the subject and its grades. */
export function deleteSubject(id: string): Promise<void> {
  return api.delete<void>(`/subjects/${encodeURIComponent(id)}`);
}

export function useDeleteSubject() {
  const changed = useSubjectsChanged();
  return useMutation({ mutationFn: deleteSubject, onSuccess: changed });
}
