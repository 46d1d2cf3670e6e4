import { useQuery } from '@tanstack/react-query';

import type { Organization } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getOrganization(signal?: AbortSignal): Promise<Organization> {
  return api.get<Organization>('/organizations/current', { signal });
}

export function useOrganization() {
  return useQuery({
    queryKey: queryKeys.organization,
    queryFn: ({ signal }) => getOrganization(signal),
    meta: { what: 'family settings' },
  });
}
