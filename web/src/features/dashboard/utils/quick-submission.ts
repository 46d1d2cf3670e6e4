/** The server refuses larger photos (413). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/**
 * The multipart body of POST /submissions for a chore done just now, without
 * notes: what "Do it" and "I did it!" on the child's home send, with the
 * photo a KIDS child takes for a photo chore. The time is taken to the
 * minute, as the Submit Chore form sends it, so that a clock a few seconds
 * ahead of the server's is not refused as "in the future".
 */
export function quickSubmission(choreId: string, now: Date = new Date(), photo: File | null = null): FormData {
  const completedAt = new Date(now);
  completedAt.setSeconds(0, 0);
  const body = new FormData();
  body.set('choreId', choreId);
  body.set('completedAt', completedAt.toISOString());
  body.set('notes', '');
  if (photo) body.set('photo', photo, photo.name);
  return body;
}

/** What is wrong with the photo of a photo chore (a key of the dashboard's texts), or null when it will do. */
export function photoProblem(photo: File | null): 'quickSubmit.photoRequired' | 'quickSubmit.photoNotImage' | 'quickSubmit.photoTooLarge' | null {
  if (!photo) return 'quickSubmit.photoRequired';
  if (!photo.type.startsWith('image/')) return 'quickSubmit.photoNotImage';
  if (photo.size > MAX_PHOTO_BYTES) return 'quickSubmit.photoTooLarge';
  return null;
}
