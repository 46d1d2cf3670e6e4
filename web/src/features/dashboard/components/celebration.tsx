import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChildHistoryItem } from '../types';
import { approvalsToCelebrate, rememberCelebrated } from '../utils/celebrations';
import { MAIN_CONTENT_ID } from '@/components/layouts/skip-link';
import { Button } from '@/components/ui';
import { i18n } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import type { RewardDisplayType } from '@/types/api';
import { formatReward } from '@/utils/format';

interface Decision {
  userId: string;
  fresh: ChildHistoryItem[];
  /** The ids remembered before, to which `fresh` is added. */
  previous: string[];
}

/**
 * The approvals to celebrate on this visit: decided once, when the recent
 * history has loaded, from what this browser has celebrated for the user
 * before; then remembered, so the next visit does not celebrate them again.
 */
export function useNewApprovals(
  items: readonly ChildHistoryItem[],
  loaded: boolean,
  userId: string | undefined,
): ChildHistoryItem[] {
  const [decision, setDecision] = useState<Decision | null>(null);

  // Decided while rendering (not in an effect), so the banner shows with the data, not one frame after.
  if (loaded && userId && decision?.userId !== userId) {
    const previous = storage.getCelebrated(userId);
    setDecision({ userId, fresh: approvalsToCelebrate(items, new Set(previous)), previous });
  }

  useEffect(() => {
    if (decision && decision.fresh.length > 0) {
      storage.setCelebrated(decision.userId, rememberCelebrated(decision.previous, decision.fresh));
    }
  }, [decision]);

  return decision?.fresh ?? [];
}

/** "Wash dishes", "Wash dishes and Feed the cat", "3 chores". */
export function choresText(items: readonly ChildHistoryItem[]): string {
  if (items.length === 1) return items[0]?.chore.name ?? '';
  if (items.length === 2) {
    return i18n.t('dashboard:celebration.two', { first: items[0]?.chore.name, second: items[1]?.chore.name });
  }
  return i18n.t('dashboard:celebration.many', { count: items.length });
}

const CONFETTI = ['🎉', '⭐', '🎊', '✨', '🎉', '⭐', '🎊', '✨'];

/** A burst of confetti over its (relatively placed) parent; none with reduced motion (see the stylesheet). */
function Confetti() {
  return (
    <div className="celebration__confetti" aria-hidden="true">
      {CONFETTI.map((piece, index) => (
        <span key={index} className="celebration__piece">
          {piece}
        </span>
      ))}
    </div>
  );
}

export interface CelebrationProps {
  approvals: readonly ChildHistoryItem[];
  unit: RewardDisplayType | null;
}

/**
 * "Great job!" for chores approved since the child last looked, with a burst
 * of confetti (still with reduced motion). The child can put it away.
 */
export function Celebration({ approvals, unit }: CelebrationProps) {
  const { t } = useTranslation('dashboard');
  const [hidden, setHidden] = useState(false);
  if (approvals.length === 0 || hidden) return null;
  const earned = approvals.reduce((sum, item) => sum + item.boostedReward, 0);

  return (
    <div className="celebration">
      <Confetti />
      <div className="celebration__text" role="status">
        <p className="celebration__title">{t('celebration.title')}</p>
        <p>{t('celebration.text', { chores: choresText(approvals), reward: formatReward(earned, unit) })}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setHidden(true)}>
        {t('celebration.thanks')}
      </Button>
    </div>
  );
}

/** A chore a KIDS child has just sent: its name, and what it can earn when that is known. */
export interface SentChore {
  name: string;
  /** In the child's reward unit; null when it pays nothing or is not known (sent from the Submit Chore form). */
  reward: string | null;
}

export interface SentCelebrationProps {
  /** The chore just sent; null while there is nothing to celebrate. */
  sent: SentChore | null;
  onClose: () => void;
}

/**
 * "You did it!" after a KIDS child sends a chore, with confetti, and that it
 * now waits for Mum or Dad. Its live region is always on the page (hidden
 * while empty), so that what fills it is read out; focus moves to it, as the
 * chore's button may be gone (done for now). "Thanks!" puts it away.
 */
export function SentCelebration({ sent, onClose }: SentCelebrationProps) {
  const { t } = useTranslation('dashboard');
  const host = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) text.current?.focus();
  }, [sent]);

  // Focus held here goes on to the page's content, not lost with the banner.
  const close = () => {
    if (host.current?.contains(document.activeElement)) document.getElementById(MAIN_CONTENT_ID)?.focus();
    onClose();
  };

  return (
    <div ref={host} className={sent ? 'celebration celebration--sent' : 'visually-hidden'}>
      {sent && <Confetti />}
      <div ref={text} className="celebration__text" role="status" aria-live="polite" tabIndex={-1}>
        {sent && (
          <>
            <p className="celebration__title">{t('celebration.sentTitle')}</p>
            <p>{t('doNow.sent', { context: 'kids', name: sent.name })}</p>
            {sent.reward && <p className="celebration__reward">{t('celebration.sentReward', { reward: sent.reward })}</p>}
          </>
        )}
      </div>
      {sent && (
        <Button variant="secondary" size="sm" onClick={close}>
          {t('celebration.thanks')}
        </Button>
      )}
    </div>
  );
}
