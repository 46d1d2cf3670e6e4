import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { InviteCode } from '../types';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** An empty email lets anyone with the link join, with an email of their choice. */
export type CreateInviteCodeInput = components['schemas']['CreateInviteCodeBody'];

export function createInviteCode(input: CreateInviteCodeInput): Promise<InviteCode> {
  return api.post<InviteCode>('/organizations/invite-codes', input);
}

export function useCreateInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInviteCode, onSuccess: () => invalidate(queryClient, [queryKeys.inviteCodes]) });
}
