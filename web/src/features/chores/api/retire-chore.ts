import { api } from '@/lib/api-client';

/** Takes the chore off the list; its submissions and history stay. */
export function retireChore(id: string): Promise<void> {
  return api.delete<void>(`/chores/${encodeURIComponent(id)}`);
}
