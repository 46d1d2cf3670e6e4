import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

export type CalendarFeed = components['schemas']['CalendarFeed'];
export type CreatedCalendarFeed = components['schemas']['CreatedCalendarFeed'];

/** The signed-in user's calendar feeds, newest first (their URLs are shown only when made). */
export function getCalendarFeeds(signal?: AbortSignal): Promise<CalendarFeed[]> {
  return api.get<CalendarFeed[]>('/calendar/feeds', { signal });
}

export function useCalendarFeeds() {
  return useQuery({
    queryKey: queryKeys.calendarFeeds,
    queryFn: ({ signal }) => getCalendarFeeds(signal),
    meta: { what: 'calendar feeds' },
  });
}

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
