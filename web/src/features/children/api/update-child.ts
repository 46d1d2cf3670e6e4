import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Child } from '../types';
import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export type UpdateChildInput = components['schemas']['ChildDetailsBody'];

export function updateChild(id: string, input: UpdateChildInput): Promise<Child> {
  return api.put<Child>(`/children/${encodeURIComponent(id)}`, input);
}

export function useUpdateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateChildInput }) => updateChild(id, input),
    onSuccess: () => invalidate(queryClient, [queryKeys.children, queryKeys.dashboardStats]),
  });
}
