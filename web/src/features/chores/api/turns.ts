import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { Turns } from '@/types/api';

/** The coming turns of a chore whose children take turns, from the current one. */
export function getTurns(choreId: string, count: number, signal?: AbortSignal): Promise<Turns> {
  return api.get<Turns>(`/chores/${encodeURIComponent(choreId)}/turns`, { query: { count }, signal });
}

/** The current turn and the next of a chore in turns. */
export function useTurns(choreId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.turns(choreId),
    queryFn: ({ signal }) => getTurns(choreId, 2, signal),
    enabled,
    meta: { what: 'turns' },
  });
}

/** Gives today's turn (or `date`'s) to `childId`; the child who had it takes their next one. */
export function swapTurn(choreId: string, childId: string, date?: string): Promise<Turns> {
  return api.post<Turns>(`/chores/${encodeURIComponent(choreId)}/turns/swap`, { childId, date: date ?? null });
}

export function useSwapTurn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ choreId, childId }: { choreId: string; childId: string }) => swapTurn(choreId, childId),
    onSuccess: (turns) => {
      queryClient.setQueryData(queryKeys.turns(turns.choreId), { ...turns, turns: turns.turns.slice(0, 2) });
      return invalidate(queryClient, [queryKeys.today, queryKeys.availability]);
    },
  });
}
