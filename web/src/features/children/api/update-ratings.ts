import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Child } from '../types';
import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export type RatingsInput = components['schemas']['RatingsBody'];

export function updateRatings(id: string, input: RatingsInput): Promise<Child> {
  return api.put<Child>(`/children/${encodeURIComponent(id)}/ratings`, input);
}

/** Ratings change the child's behaviour multiplier. */
export function useUpdateRatings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RatingsInput }) => updateRatings(id, input),
    onSuccess: () => invalidate(queryClient, [queryKeys.children]),
  });
}
