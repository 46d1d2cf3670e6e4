import { api } from '@/lib/api-client';
import type { Chore } from '@/types/api';

export interface ChoreInput {
  name: string;
  description: string;
  /** Dollars, at most two decimals. */
  baseReward: number;
  categoryId: string;
  /** 0, 1, 2, 3, 7, 14 or 30. */
  frequencyDays: number;
  requiresPhoto: boolean;
}

/** Refused (403) when the family's plan allows no more active chores. */
export function createChore(input: ChoreInput): Promise<Chore> {
  return api.post<Chore>('/chores', input);
}
