import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { upload, type UploadOptions } from '@/lib/upload';
import type { Submission } from '@/types/api';

/**
 * Sends a finished chore as multipart (choreId, completedAt, notes and an
 * optional photo); `onProgress` follows the upload from 0 to 1; `token`
 * sends it as the child whose session that is (the family tablet);
 * `idempotencyKey` makes a retry of the same send answer the first
 * submission instead of making a second (ADR 0120).
 */
export function createSubmission(
  form: FormData,
  options: Pick<UploadOptions, 'onProgress' | 'token' | 'idempotencyKey'> = {},
): Promise<Submission> {
  return upload<Submission>('/submissions', form, options);
}

/** A submission changes the chore's availability, the review queue and the dashboard. */
export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (share: number) => void }) =>
      createSubmission(form, { onProgress }),
    onSuccess: () => invalidate(queryClient, [queryKeys.submissions, queryKeys.dashboardStats]),
  });
}
