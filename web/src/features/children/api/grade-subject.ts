import { useMutation } from '@tanstack/react-query';

import type { Subject } from '../types';
import { useSubjectsChanged } from './subject-changes';
import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';

/** A letter (grade) for LETTER subjects, a percentage (two decimals at most) for PERCENTAGE ones. */
export type GradeInput = components['schemas']['GradeBody'];

/** Records a grade; refused (409) for archived subjects. */
export function gradeSubject(id: string, input: GradeInput): Promise<Subject> {
  return api.post<Subject>(`/subjects/${encodeURIComponent(id)}/grade`, input);
}

export function useGradeSubject() {
  const changed = useSubjectsChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: GradeInput }) => gradeSubject(id, input),
    onSuccess: changed,
  });
}
