import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { frequencyLabel } from '../utils/frequency';
import { dueText } from '../utils/schedule';
import { choreEmoji } from '@/lib/emoji';
import { useOwnRewardUnit } from '@/stores/session-store';
import type { Chore } from '@/types/api';
import { formatReward } from '@/utils/format';

export interface ChoreRowProps {
  chore: Chore;
  /** Shown at the end of the row: a parent's buttons or a child's availability. */
  children?: ReactNode;
  /** Shown under the badges: who does it and whose turn it is, for a parent. */
  details?: ReactNode;
}

/** One chore in the list: name, description, reward, how often, and whether a photo is required. */
export function ChoreRow({ chore, children, details }: ChoreRowProps) {
  // A child sees rewards in their own unit; a parent's chore is not tied to one child, so dollars.
  const unit = useOwnRewardUnit();
  const { t } = useTranslation('chores');
  // A chore due on days is done on those days; its frequency no longer decides.
  const due = dueText(chore);
  return (
    <li className="list__row chore-row" aria-label={chore.name}>
      <div className="chore-row__main">
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
        </p>
        {chore.description && <p className="list__secondary">{chore.description}</p>}
        <p className="chore-row__badges">
          <span className="badge">{due ?? frequencyLabel(chore.frequencyDays)}</span>
          {chore.requiresPhoto && <span className="badge badge--warning">{t('photoRequired')}</span>}
        </p>
        {details}
      </div>
      <span className="list__amount">{formatReward(chore.baseReward, unit)}</span>
      {children && <div className="chore-row__aside">{children}</div>}
    </li>
  );
}
