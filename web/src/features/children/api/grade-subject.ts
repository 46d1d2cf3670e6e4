import { useMutation } from '@tanstack/react-query';

import type { GradeLetter, Subject } from '../types';
import { useSubjectsChanged } from './subject-changes';
import { api } from '@/lib/api-client';

/** A letter for LETTER subjects, a percentage (two decimals at most) for PERCENTAGE ones. */
export type GradeInput = { grade: GradeLetter } | { percentage: number };

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
