import type { Subject } from '../types';
import type { SubjectInput } from './create-subject';
import { api } from '@/lib/api-client';

/** PUT /subjects/{id} with every field, or with isActive alone to archive or restore. */
export function updateSubject(id: string, input: SubjectInput | { isActive: boolean }): Promise<Subject> {
  return api.put<Subject>(`/subjects/${encodeURIComponent(id)}`, input);
}
