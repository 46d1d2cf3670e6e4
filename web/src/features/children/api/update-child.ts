import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AgeGroup, Child, ChildUiTheme, RewardDisplayType } from '../types';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

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

export function useUpdateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateChildInput }) => updateChild(id, input),
    onSuccess: () => invalidate(queryClient, [queryKeys.children, queryKeys.dashboardStats]),
  });
}
