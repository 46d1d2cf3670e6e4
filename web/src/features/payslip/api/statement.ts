import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

/** A child's statement of some days: opening, every ledger line, closing, per jar and in total. */
export type Statement = components['schemas']['StatementView'];
export type StatementLine = components['schemas']['StatementLineView'];
export type ChoreBreakdown = components['schemas']['ChoreBreakdownView'];

/**
 * The child's own statement, or any child's of the family for parents; `from`
 * and `to` are the family's dates, and without them the server answers this
 * week (an empty date is refused, so none is sent).
 */
export function useStatement(childId: string | undefined, from?: string, to?: string) {
  return useQuery({
    queryKey: queryKeys.statement(childId ?? '', from ?? '', to ?? ''),
    queryFn: ({ signal }) =>
      api.get<Statement>(`/children/${encodeURIComponent(childId ?? '')}/statement`, {
        signal,
        query: { from: from || undefined, to: to || undefined },
      }),
    enabled: Boolean(childId),
    meta: { what: 'statement' },
  });
}
