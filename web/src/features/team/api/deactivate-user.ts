import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Member } from '../types';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export function deactivateUser(id: string): Promise<Member> {
  return api.put<Member>(`/users/${encodeURIComponent(id)}/deactivate`);
}

/** A deactivated member leaves the list, and the open invite codes they made end. */
export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => invalidate(queryClient, [queryKeys.members, queryKeys.inviteCodes]),
  });
}
