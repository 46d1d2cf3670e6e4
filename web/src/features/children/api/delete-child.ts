import { api } from '@/lib/api-client';

export function deleteChild(id: string): Promise<void> {
  return api.delete<void>(`/children/${encodeURIComponent(id)}`);
}
