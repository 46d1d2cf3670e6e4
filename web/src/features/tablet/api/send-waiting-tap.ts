import type { WaitingTap } from '../stores/waiting-taps-store';
import { sendAsChild } from './send-as-child';
import { tabletRemoved, unlockTablet } from './tablet-device';
import { ApiError } from '@/lib/api-client';

/** What became of one try of a waiting tap. */
export type WaitingTapOutcome =
  | { kind: 'sent' }
  /** No answer came, or the server said "not now": the tap waits for the next try. */
  | { kind: 'later' }
  /** The server said no (the PIN changed meanwhile, the chore was done already, …). */
  | { kind: 'refused'; error: unknown }
  /** The tablet's token was refused: this browser is no longer the family tablet. */
  | { kind: 'tabletRemoved' };

/** Answers that say "not now" rather than "no": too many tries at once, or a gateway without its service. */
const NOT_NOW = new Set([429, 502, 503, 504]);

/** Whether a failed try is tried again later: no answer at all (a TypeError), or "not now". */
export function triedAgainLater(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && NOT_NOW.has(error.status));
}

/**
 * Sends one waiting tap as the child would have at the tap: their PIN
 * opens their short session, the chore goes with the tap's time and key
 * (a try whose answer was lost is answered with the first submission, never
 * a second), and the session ends at once.
 */
export async function sendWaitingTap(deviceToken: string, tap: WaitingTap): Promise<WaitingTapOutcome> {
  let token: string;
  try {
    ({ token } = await unlockTablet(deviceToken, { childId: tap.childId, pin: tap.pin }));
  } catch (error) {
    if (tabletRemoved(error)) return { kind: 'tabletRemoved' };
    return triedAgainLater(error) ? { kind: 'later' } : { kind: 'refused', error };
  }
  try {
    await sendAsChild(token, {
      choreId: tap.choreId,
      photo: null,
      completedAt: new Date(tap.completedAt),
      idempotencyKey: tap.key,
    });
    return { kind: 'sent' };
  } catch (error) {
    return triedAgainLater(error) ? { kind: 'later' } : { kind: 'refused', error };
  }
}
