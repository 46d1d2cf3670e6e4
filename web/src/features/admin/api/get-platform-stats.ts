import { useQuery } from '@tanstack/react-query';

import type { PlatformStats } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getPlatformStats(signal?: AbortSignal): Promise<PlatformStats> {
  return api.get<PlatformStats>('/admin/stats', { signal });
}

export function usePlatformStats() {
  return useQuery({
    queryKey: queryKeys.admin.stats,
    queryFn: ({ signal }) => getPlatformStats(signal),
    meta: { what: 'platform stats' },
  });
}
