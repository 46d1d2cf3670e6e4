import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useMissed } from '@/api/get-missed';
import { ExcuseMissedDialog } from '@/components/missed/excuse-missed-dialog';
import { Button, Card } from '@/components/ui';
import { choreEmoji } from '@/lib/emoji';
import type { MissedChore, RewardDisplayType } from '@/types/api';
import { cn } from '@/utils/cn';
import { formatCalendarDate, formatReward } from '@/utils/format';

export interface MissedListProps {
  /** Parents see whose chore it was and can excuse it. */
  parent: boolean;
  /** A child's reward unit, where known; penalties show in dollars otherwise. */
  rewardTypeOf: (childId: string) => RewardDisplayType | undefined;
}

/**
 * Chores missed in the last 30 days, newest first: each due day that ended
 * with nothing sent, its penalty, and whether a parent excused it. Nothing
 * shows while there are none, or if they cannot be loaded.
 */
export function MissedList({ parent, rewardTypeOf }: MissedListProps) {
  const missed = useMissed();
  const [excusing, setExcusing] = useState<MissedChore | null>(null);
  const { t } = useTranslation('history');
  const list = missed.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card title={t('missed.title')}>
      <p className="muted small">{t('missed.description')}</p>
      <ul className="list" aria-label={t('missed.title')}>
        {list.map((item) => (
          <MissedRow
            key={item.id}
            missed={item}
            parent={parent}
            rewardType={rewardTypeOf(item.child.id)}
            onExcuse={() => setExcusing(item)}
          />
        ))}
      </ul>
      {excusing && (
        <ExcuseMissedDialog missed={excusing} rewardType={rewardTypeOf(excusing.child.id)} onClose={() => setExcusing(null)} />
      )}
    </Card>
  );
}

interface MissedRowProps {
  missed: MissedChore;
  parent: boolean;
  rewardType: RewardDisplayType | undefined;
  onExcuse: () => void;
}

/** Missed in red with the penalty taken; excused with the reason, its penalty struck through (given back). */
function MissedRow({ missed, parent, rewardType, onExcuse }: MissedRowProps) {
  const { t } = useTranslation('history');
  const excused = Boolean(missed.excusedAt);
  const date = formatCalendarDate(missed.dueOn);
  const about = [parent ? missed.child.name : null, t('missed.dueOn', { date })].filter(Boolean);
  const penalty = missed.penalty > 0 ? missed.penalty : null;

  return (
    <li className={cn('list__row', 'history-row', !excused && 'list__row--rejected')} aria-label={missed.choreName}>
      <div>
        <p className="list__primary" data-emoji={choreEmoji(missed.choreName)}>
          {missed.choreName}
        </p>
        <p className="list__secondary">{about.join(' · ')}</p>
        {excused && missed.excuse && <p className="history-row__notes">{t('missed.reason', { reason: missed.excuse })}</p>}
      </div>
      <div className="history-row__outcome">
        <span className={cn('badge', !excused && 'badge--danger')}>{excused ? t('missed.excused') : t('missed.missed')}</span>
        {penalty !== null &&
          (excused ? (
            <s className="list__amount">{formatReward(missed.penalty, rewardType)}</s>
          ) : (
            <span className="list__amount">{formatReward(-missed.penalty, rewardType)}</span>
          ))}
        {parent && !excused && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('missed.excuseLabel', { chore: missed.choreName, child: missed.child.name, date })}
            onClick={onExcuse}
          >
            {t('missed.excuse')}
          </Button>
        )}
      </div>
    </li>
  );
}
