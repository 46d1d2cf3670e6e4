import { useMutation, useQueryClient } from '@tanstack/react-query';

import { CHORE_CHANGES } from './create-chore';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';

/** Takes the chore off the list; its submissions and history stay. */
export function retireChore(id: string): Promise<void> {
  return api.delete<void>(`/chores/${encodeURIComponent(id)}`);
}

export function useRetireChore() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retireChore, onSuccess: () => invalidate(queryClient, CHORE_CHANGES) });
}
