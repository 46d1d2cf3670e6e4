import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { AvailabilityWords } from '@/lib/chores';
import { queryKeys } from '@/lib/query-keys';
import { useThemeContext } from '@/stores/theme-store';
import type { Today } from '@/types/api';

/** The chores that concern each child today and where each stands (a child: their own). */
export function getToday(signal?: AbortSignal): Promise<Today> {
  return api.get<Today>('/chores/today', { signal });
}

/** Today's chores of the signed-in child (or every child, for a parent); not asked for while `enabled` is false. */
export function useToday({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.today,
    queryFn: ({ signal }) => getToday(signal),
    enabled,
    meta: { what: "today's chores" },
  });
}

/**
 * How the signed-in child is told when a chore comes back: a KIDS child in
 * the days they count ("tomorrow", "on Friday") on the family's calendar,
 * whose date and time zone today's chores give (asked for only then); TEEN
 * and ADULT by date and time.
 */
export function useAvailabilityWords(): AvailabilityWords {
  const context = useThemeContext();
  const today = useToday({ enabled: context === 'kids' });
  const family = today.data ? { date: today.data.date, timeZone: today.data.timeZone } : undefined;
  return { context, family };
}
