import type { GradeScale, Subject } from '../types';
import { api } from '@/lib/api-client';

export interface SubjectInput {
  name: string;
  teacher: string;
  period: string;
  gradeScale: GradeScale;
  /** JSON text of { thresholds?, points? }; empty for the defaults. */
  customScale: string;
}

export function createSubject(childId: string, input: SubjectInput): Promise<Subject> {
  return api.post<Subject>(`/subjects/${encodeURIComponent(childId)}`, input);
}
