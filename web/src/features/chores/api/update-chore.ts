import type { ChoreInput } from './create-chore';
import { api } from '@/lib/api-client';
import type { Chore } from '@/types/api';

export function updateChore(id: string, input: ChoreInput): Promise<Chore> {
  return api.put<Chore>(`/chores/${encodeURIComponent(id)}`, input);
}
