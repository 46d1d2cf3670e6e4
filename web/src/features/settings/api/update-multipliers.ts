import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MultiplierSettings } from '../types';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** Refused (400) when a value is outside 0.1-5.0. */
export function updateMultipliers(input: MultiplierSettings): Promise<MultiplierSettings> {
  return api.put<MultiplierSettings>('/multipliers', input);
}

/** New multipliers change every child's multiplier. */
export function useUpdateMultipliers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMultipliers,
    onSuccess: () => invalidate(queryClient, [queryKeys.multipliers, queryKeys.children]),
  });
}
