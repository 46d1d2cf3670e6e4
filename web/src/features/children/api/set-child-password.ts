import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ChildPasswordInput } from '@/types/api';

/**
 * Sets the password of a child's login (parents only); every session of the
 * child ends. Refused (404) for a child who has not joined yet.
 */
export function setChildPassword(childId: string, input: ChildPasswordInput): Promise<void> {
  return api.put<void>(`/children/${encodeURIComponent(childId)}/password`, input);
}

export function useSetChildPassword() {
  return useMutation({
    mutationFn: ({ childId, input }: { childId: string; input: ChildPasswordInput }) => setChildPassword(childId, input),
  });
}
