import type { AgeGroup, Child, ChildUiTheme, RewardDisplayType } from '../types';
import { api } from '@/lib/api-client';

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
