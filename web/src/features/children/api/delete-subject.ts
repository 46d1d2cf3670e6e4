import { api } from '@/lib/api-client';

/** Deletes the subject and its grades. */
export function deleteSubject(id: string): Promise<void> {
  return api.delete<void>(`/subjects/${encodeURIComponent(id)}`);
}
