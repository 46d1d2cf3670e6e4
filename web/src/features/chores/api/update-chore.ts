import { useMutation, useQueryClient } from '@tanstack/react-query';

import { CHORE_CHANGES, type ChoreInput } from './create-chore';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import type { Chore } from '@/types/api';

export function updateChore(id: string, input: ChoreInput): Promise<Chore> {
  return api.put<Chore>(`/chores/${encodeURIComponent(id)}`, input);
}

export function useUpdateChore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ChoreInput }) => updateChore(id, input),
    onSuccess: () => invalidate(queryClient, CHORE_CHANGES),
  });
}
