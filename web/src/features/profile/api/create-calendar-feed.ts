import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreatedCalendarFeed } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CurrentPasswordInput } from '@/types/api';

/**
 * Makes a private calendar feed: the answer's URL is shown this once. It
 * takes the current password: a session alone must not make an address that
 * outlives it. A wrong one counts towards the login lock.
 */
export function createCalendarFeed(input: CurrentPasswordInput): Promise<CreatedCalendarFeed> {
  return api.post<CreatedCalendarFeed>('/calendar/feeds', input);
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeeds }),
  });
}
