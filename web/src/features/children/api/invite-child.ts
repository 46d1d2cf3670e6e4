import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AgeGroup, Child, ChildUiTheme, RewardDisplayType } from '../types';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export interface InviteChildInput {
  firstName: string;
  lastName: string;
  /** Display name. */
  name: string;
  email: string;
  phone: string;
  dateOfBirth: string | null;
  birthdayRewardAmount: number;
  ageGroup: AgeGroup;
  uiTheme: ChildUiTheme;
  rewardDisplayType: RewardDisplayType;
}

export interface ChildInvitation {
  child: Child;
  /** The register page with the invite code, e.g. http://host/register?invite=CODE */
  inviteUrl: string;
  inviteCode: string;
}

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
