import { useQuery } from '@tanstack/react-query';

import type { MultiplierSettings } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMultipliers(signal?: AbortSignal): Promise<MultiplierSettings> {
  return api.get<MultiplierSettings>('/multipliers', { signal });
}

export function useMultipliers() {
  return useQuery({
    queryKey: queryKeys.multipliers,
    queryFn: ({ signal }) => getMultipliers(signal),
    meta: { what: 'reward multipliers' },
  });
}
