import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Organization } from '../types';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

export type UpdateOrganizationInput = components['schemas']['UpdateOrganizationBody'];

export function updateOrganization(input: UpdateOrganizationInput): Promise<Organization> {
  return api.put<Organization>('/organizations/current', input);
}

/** A new time zone moves the dashboard's month and the chores' availability. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () =>
      invalidate(queryClient, [queryKeys.organization, queryKeys.dashboardStats, queryKeys.availability]),
  });
}
