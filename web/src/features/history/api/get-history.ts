import { api } from '@/lib/api-client';
import type { Submission } from '@/types/api';

/** Reviewed submissions, newest first, at most 50: the family's for parents, their own for a child. */
export function getHistory(signal?: AbortSignal): Promise<Submission[]> {
  return api.get<Submission[]>('/submissions/history', { signal });
}
