import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** name is the display name; left empty, the child is named by first and last name. */
export type InviteChildInput = components['schemas']['InviteChildBody'];

/**
 * The child and, when invited by email, their invite link: the register page
 * with the code, e.g. http://host/register?invite=CODE. A child added without
 * an email has their login at once (both null): they sign in with a sign-in
 * code on their own device, or their PIN on the family tablet.
 */
export type ChildInvitation = components['schemas']['ChildInvitation'];

export function inviteChild(input: InviteChildInput): Promise<ChildInvitation> {
  return api.post<ChildInvitation>('/children/invite', input);
}

/** A new child joins the children, the dashboard's count and the pending invitations. */
export function useInviteChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteChild,
    onSuccess: () =>
      invalidate(queryClient, [queryKeys.children, queryKeys.dashboardStats, queryKeys.inviteCodes]),
  });
}
