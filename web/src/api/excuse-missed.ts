import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { MissedChore } from '@/types/api';

/** Excuses a missed chore (parents): what its penalty took is given back. Refused (409) the second time. */
export function excuseMissed(id: string, reason: string): Promise<MissedChore> {
  return api.post<MissedChore>(`/missed/${encodeURIComponent(id)}/excuse`, { reason });
}

export function useExcuseMissed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => excuseMissed(id, reason),
    onSuccess: (excused) => {
      // The row says Excused at once; the list and the balances then load again.
      queryClient.setQueryData<MissedChore[]>(queryKeys.missed, (list) =>
        list?.map((missed) => (missed.id === excused.id ? excused : missed)),
      );
      return invalidate(queryClient, [queryKeys.missed, queryKeys.children, queryKeys.dashboardStats]);
    },
    // Already excused (by the other parent, say): the list shows it so.
    onError: (error) =>
      error instanceof ApiError && error.status === 409 ? invalidate(queryClient, [queryKeys.missed]) : undefined,
  });
}
