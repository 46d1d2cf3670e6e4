import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { Submission } from '@/types/api';
import type { components } from '@/types/schema';

/** The two decisions a parent can take. */
export type ReviewStatus = 'APPROVED' | 'REJECTED';

/** adminNotes are shown to the child with the review; left out when empty. */
export type ReviewInput = components['schemas']['ReviewBody'];

/** Refused (409) when someone has reviewed it already. */
export function reviewSubmission(id: string, input: ReviewInput): Promise<Submission> {
  return api.patch<Submission>(`/submissions/${encodeURIComponent(id)}/review`, input);
}

/** A review takes the submission out of the queue and changes balances, history and the dashboard. */
export function useReviewSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReviewInput }) => reviewSubmission(id, input),
    onSuccess: () =>
      invalidate(queryClient, [queryKeys.submissions, queryKeys.children, queryKeys.dashboardStats]),
  });
}
