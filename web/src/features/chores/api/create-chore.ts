import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { Chore } from '@/types/api';
import type { components } from '@/types/schema';

/** baseReward in dollars, at most two decimals; frequencyDays 0, 1, 2, 3, 7, 14 or 30. */
export type ChoreInput = components['schemas']['ChoreBody'];

/** Refused (403) when the family's plan allows no more active chores. */
export function createChore(input: ChoreInput): Promise<Chore> {
  return api.post<Chore>('/chores', input);
}

/** What a new, changed or retired chore makes stale: the chores (and their turns), their categories' counts, today's lists, the dashboard. */
export const CHORE_CHANGES = [queryKeys.chores, queryKeys.categories, queryKeys.today, queryKeys.dashboardStats];

export function useCreateChore() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createChore, onSuccess: () => invalidate(queryClient, CHORE_CHANGES) });
}
