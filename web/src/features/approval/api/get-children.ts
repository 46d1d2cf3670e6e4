import { api } from '@/lib/api-client';
import type { RewardDisplayType } from '@/types/api';

/** A child as GET /children answers, read here only for the unit their rewards are shown in. */
export interface ChildRewardType {
  id: string;
  rewardDisplayType: RewardDisplayType;
}

export function getChildren(signal?: AbortSignal): Promise<ChildRewardType[]> {
  return api.get<ChildRewardType[]>('/children', { signal });
}
