import { useMutation } from '@tanstack/react-query';

import type { Subject } from '../types';
import { useSubjectsChanged } from './subject-changes';
import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';

/** customScale: JSON text of { thresholds?, points? }; empty for the defaults. */
export type SubjectInput = components['schemas']['SubjectBody'];

export function createSubject(childId: string, input: SubjectInput): Promise<Subject> {
  return api.post<Subject>(`/subjects/${encodeURIComponent(childId)}`, input);
}

export function useCreateSubject() {
  const changed = useSubjectsChanged();
  return useMutation({
    mutationFn: ({ childId, input }: { childId: string; input: SubjectInput }) => createSubject(childId, input),
    onSuccess: changed,
  });
}
