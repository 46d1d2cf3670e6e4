import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/types/api';
import type { components } from '@/types/schema';

export type UpdateProfileInput = components['schemas']['UpdateMeBody'];

export function updateProfile(input: UpdateProfileInput): Promise<User> {
  return api.put<User>('/users/me', input);
}

/** The user's name and email also show in the family's member list. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: () => invalidate(queryClient, [queryKeys.members]) });
}
