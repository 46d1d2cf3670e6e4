import { useQueryClient } from '@tanstack/react-query';

import type { OrganizationDetail } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getOrganization(id: string, signal?: AbortSignal): Promise<OrganizationDetail> {
  return api.get<OrganizationDetail>(`/admin/organizations/${encodeURIComponent(id)}`, { signal });
}

/** Loads one family's details when asked (View), always anew. */
export function useFetchOrganization(): (id: string) => Promise<OrganizationDetail> {
  const queryClient = useQueryClient();
  return (id) =>
    queryClient.fetchQuery({
      queryKey: queryKeys.admin.organization(id),
      queryFn: ({ signal }) => getOrganization(id, signal),
      staleTime: 0,
      meta: { what: 'organization details' },
    });
}
