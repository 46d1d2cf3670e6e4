import { useQuery } from '@tanstack/react-query';

import type { CalendarFeed } from '../types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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
