import type { Subject } from '../types';
import { api } from '@/lib/api-client';

/** A child's subjects, active ones first, then the archived. */
export function getSubjects(childId: string, signal?: AbortSignal): Promise<Subject[]> {
  return api.get<Subject[]>(`/subjects/${encodeURIComponent(childId)}`, { signal });
}
