import { createSubmission } from '@/api/create-submission';
import { logoutOnServer } from '@/api/logout';
import type { Submission } from '@/types/api';

/** One tap's chore, as the board sends it (and sends it again, the same, after a failure). */
export interface ChildSend {
  choreId: string;
  /** The photo a photo chore asks for; null for any other. */
  photo: File | null;
  /** When the child did it: the time of their tap. */
  completedAt: Date;
  /** Made once per tap and sent with every try of it: the server makes one submission of it (ADR 0120). */
  idempotencyKey: string;
}

/**
 * Sends a chore as done by the child whose short session `token` is (the one
 * their PIN opened on the family board; never kept as this browser's
 * session), with the photo when there is one and the tap's key; the session
 * ends at once, whether the chore was taken or not.
 */
export async function sendAsChild(token: string, send: ChildSend): Promise<Submission> {
  const form = new FormData();
  form.set('choreId', send.choreId);
  form.set('completedAt', send.completedAt.toISOString());
  form.set('notes', '');
  if (send.photo) form.set('photo', send.photo, send.photo.name);
  try {
    return await createSubmission(form, { token, idempotencyKey: send.idempotencyKey });
  } finally {
    logoutOnServer(token);
  }
}
