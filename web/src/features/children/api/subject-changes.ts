import { useQueryClient } from '@tanstack/react-query';

import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any change to a child's subjects or grades: the subjects, and the
 * children (their GPA and multiplier follow the grades).
 */
export function useSubjectsChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, [queryKeys.subjects.all, queryKeys.children]);
}
