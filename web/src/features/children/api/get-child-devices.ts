import { useQuery } from '@tanstack/react-query';

import type { ChildDevice } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The child's own devices signed in through a sign-in code, newest first (parents). */
export function getChildDevices(childId: string, signal?: AbortSignal): Promise<ChildDevice[]> {
  return api.get<ChildDevice[]>(`/children/${encodeURIComponent(childId)}/devices`, { signal });
}

/** Loaded only while `enabled` (the card's devices are folded away until opened). */
export function useChildDevices(childId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.childDevices(childId),
    queryFn: ({ signal }) => getChildDevices(childId, signal),
    enabled,
    meta: { what: "the child's devices" },
  });
}
