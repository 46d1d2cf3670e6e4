import type { Submission } from '@/types/api';
import { upload } from '@/lib/upload';

/**
 * Sends a finished chore as multipart (choreId, completedAt, notes and an
 * optional photo); `onProgress` follows the upload from 0 to 1.
 */
export function createSubmission(form: FormData, onProgress?: (share: number) => void): Promise<Submission> {
  return upload<Submission>('/submissions', form, { onProgress });
}
