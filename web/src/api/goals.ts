import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** A savings goal with its progress from the child's save jar (each goal is measured against the whole jar). */
export type Goal = components['schemas']['GoalView'];
export type GoalInput = components['schemas']['GoalBody'];

const childGoals = (childId: string) => `/children/${encodeURIComponent(childId)}/goals`;
const goalPath = (id: string) => `/goals/${encodeURIComponent(id)}`;

/** A child's goals, oldest first: the child's own, or any child's of the family for parents. */
export function useGoals(childId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.goals.of(childId ?? ''),
    queryFn: ({ signal }) => api.get<Goal[]>(childGoals(childId ?? ''), { signal }),
    enabled: Boolean(childId),
    meta: { what: 'goals' },
  });
}

/** Goals show on the child's card and on the dashboards. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, [queryKeys.goals.all, queryKeys.dashboardStats]);
}

/** Adds a goal (`id` absent) or changes one. */
export function useSaveGoal(childId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GoalInput }) =>
      id ? api.put<Goal>(goalPath(id), input) : api.post<Goal>(childGoals(childId), input),
    onSuccess: refresh,
  });
}

export function useDeleteGoal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(goalPath(id)),
    onSuccess: refresh,
  });
}
