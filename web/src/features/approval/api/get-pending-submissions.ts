import { api } from '@/lib/api-client';
import type { Submission } from '@/types/api';

/** The family's submissions waiting for review, oldest first. */
export function getPendingSubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return api.get<Submission[]>('/submissions', { query: { status: 'PENDING' }, signal });
}
