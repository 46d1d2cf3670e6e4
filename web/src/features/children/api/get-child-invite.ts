import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** A pending child's invite link (the register page with the code) and when it expires. */
export type ChildInviteLink = components['schemas']['ChildInviteLink'];

/** Refused when the child has joined (409) or the invitation has expired (404). */
export function getChildInvite(childId: string, signal?: AbortSignal): Promise<ChildInviteLink> {
  return api.get<ChildInviteLink>(`/children/${encodeURIComponent(childId)}/invite`, { signal });
}

export function useChildInvite(childId: string) {
  return useQuery({
    queryKey: queryKeys.childInvite(childId),
    queryFn: ({ signal }) => getChildInvite(childId, signal),
    meta: { what: 'the invite link' },
  });
}
