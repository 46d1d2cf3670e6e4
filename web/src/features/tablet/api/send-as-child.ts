import { createSubmission } from '@/api/create-submission';
import { logoutOnServer } from '@/api/logout';
import type { Submission } from '@/types/api';

/**
 * Sends a chore as done now by the child whose short session `token` is (the
 * one their PIN opened on the family board; never kept as this browser's
 * session), with the photo when there is one; the session ends at once,
 * whether the chore was taken or not.
 */
export async function sendAsChild(token: string, choreId: string, photo: File | null, now = new Date()): Promise<Submission> {
  const form = new FormData();
  form.set('choreId', choreId);
  form.set('completedAt', now.toISOString());
  form.set('notes', '');
  if (photo) form.set('photo', photo, photo.name);
  try {
    return await createSubmission(form, { token });
  } finally {
    logoutOnServer(token);
  }
}
