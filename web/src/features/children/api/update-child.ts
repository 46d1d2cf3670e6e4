import type { AgeGroup, Child, ChildUiTheme, RewardDisplayType } from '../types';
import { api } from '@/lib/api-client';

export interface UpdateChildInput {
  name: string;
  email: string;
  phone: string;
  dateOfBirth: string | null;
  birthdayRewardAmount: number;
  ageGroup: AgeGroup;
  uiTheme: ChildUiTheme;
  rewardDisplayType: RewardDisplayType;
}

export function updateChild(id: string, input: UpdateChildInput): Promise<Child> {
  return api.put<Child>(`/children/${encodeURIComponent(id)}`, input);
}
