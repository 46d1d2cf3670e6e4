import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';

export type ChildPinInput = components['schemas']['ChildPinBody'];

/**
 * Sets the 4-digit PIN a child signs in with on the family tablet (parents
 * only); refused (404) for a child who has not joined yet.
 */
export function setChildPin(childId: string, input: ChildPinInput): Promise<void> {
  return api.put<void>(`/children/${encodeURIComponent(childId)}/pin`, input);
}

export function useSetChildPin() {
  return useMutation({
    mutationFn: ({ childId, input }: { childId: string; input: ChildPinInput }) => setChildPin(childId, input),
  });
}
