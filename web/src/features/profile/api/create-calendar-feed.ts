import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreatedCalendarFeed } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Makes a private calendar feed: the answer's URL is shown this once. */
export function createCalendarFeed(): Promise<CreatedCalendarFeed> {
  return api.post<CreatedCalendarFeed>('/calendar/feeds', {});
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeeds }),
  });
}
