/**
 * The multipart body of POST /submissions for a chore done just now, without
 * photo or notes: what "Do it" on the child's home sends. The time is taken
 * to the minute, as the Submit Chore form sends it, so that a clock a few
 * seconds ahead of the server's is not refused as "in the future".
 */
export function quickSubmission(choreId: string, now: Date = new Date()): FormData {
  const completedAt = new Date(now);
  completedAt.setSeconds(0, 0);
  const body = new FormData();
  body.set('choreId', choreId);
  body.set('completedAt', completedAt.toISOString());
  body.set('notes', '');
  return body;
}
