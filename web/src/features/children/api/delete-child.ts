import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteChild(id: string): Promise<void> {
  return api.delete<void>(`/children/${encodeURIComponent(id)}`);
}

/** A deleted child takes their submissions, payouts and invitation with them. */
export function useDeleteChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChild,
    onSuccess: () =>
      invalidate(queryClient, [
        queryKeys.children,
        queryKeys.dashboardStats,
        queryKeys.submissions,
        queryKeys.payouts,
        queryKeys.inviteCodes,
      ]),
  });
}
