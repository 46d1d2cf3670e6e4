import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

export type Pause = components['schemas']['Pause'];
export type PauseInput = components['schemas']['PauseBody'];

/** Whose pauses: one child's, or the whole family's (no child). */
export interface PauseScope {
  childId?: string;
}

export const pauseKeys = {
  all: ['pauses'] as const,
  of: ({ childId }: PauseScope) => ['pauses', childId ?? 'family'] as const,
};

function path({ childId }: PauseScope): string {
  return childId ? `/children/${encodeURIComponent(childId)}/pauses` : '/organizations/current/pauses';
}

/** The pauses of one child, or the family's own, latest first (parents). */
export function getPauses(scope: PauseScope): Promise<Pause[]> {
  return api.get<Pause[]>(path(scope));
}

export function createPause(scope: PauseScope, input: PauseInput): Promise<Pause> {
  return api.post<Pause>(path(scope), input);
}

/** Removes a pause not yet begun; one that has begun ends yesterday; one that is over is refused (409). */
export function deletePause(id: string): Promise<void> {
  return api.delete<void>(`/pauses/${encodeURIComponent(id)}`);
}

export function usePauses(scope: PauseScope) {
  return useQuery({ queryKey: pauseKeys.of(scope), queryFn: () => getPauses(scope) });
}

/** A pause changes what today's lists show, and the missed chores to come. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, [pauseKeys.all, queryKeys.today]);
}

export function useCreatePause(scope: PauseScope) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: PauseInput) => createPause(scope, input), onSuccess: refresh });
}

export function useDeletePause() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deletePause, onSuccess: refresh, onError: refresh });
}
