import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Deletes a feed: its URL stops working at once. */
export function deleteCalendarFeed(id: string): Promise<void> {
  return api.delete<void>(`/calendar/feeds/${encodeURIComponent(id)}`);
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeeds }),
  });
}
