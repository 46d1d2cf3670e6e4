import { api } from '@/lib/api-client';

/** Refused (409) while the category still has active chores. */
export function deleteCategory(id: string): Promise<void> {
  return api.delete<void>(`/categories/${encodeURIComponent(id)}`);
}
