import { api } from '@/lib/api-client';
import type { Submission } from '@/types/api';

export type ReviewStatus = 'APPROVED' | 'REJECTED';

export interface ReviewInput {
  status: ReviewStatus;
  /** Shown to the child with the review; left out when empty. */
  adminNotes?: string;
}

/** Refused (409) when someone has reviewed it already. */
export function reviewSubmission(id: string, input: ReviewInput): Promise<Submission> {
  return api.patch<Submission>(`/submissions/${encodeURIComponent(id)}/review`, input);
}
