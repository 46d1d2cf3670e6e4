import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChildHistoryItem } from '../types';
import { approvalsToCelebrate, rememberCelebrated } from '../utils/celebrations';
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
      <div className="celebration__confetti" aria-hidden="true">
        {CONFETTI.map((piece, index) => (
          <span key={index} className="celebration__piece">
            {piece}
          </span>
        ))}
      </div>
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
