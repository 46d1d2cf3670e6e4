import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { frequencyLabel } from '../utils/frequency';
import { choreEmoji } from '@/lib/emoji';
import { useOwnRewardUnit } from '@/stores/session-store';
import type { Chore } from '@/types/api';
import { formatReward } from '@/utils/format';

export interface ChoreRowProps {
  chore: Chore;
  /** Shown at the end of the row: a parent's buttons or a child's availability. */
  children?: ReactNode;
}

/** One chore in the list: name, description, reward, how often, and whether a photo is required. */
export function ChoreRow({ chore, children }: ChoreRowProps) {
  // A child sees rewards in their own unit; a parent's chore is not tied to one child, so dollars.
  const unit = useOwnRewardUnit();
  const { t } = useTranslation('chores');
  return (
    <li className="list__row chore-row" aria-label={chore.name}>
      <div className="chore-row__main">
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
        </p>
        {chore.description && <p className="list__secondary">{chore.description}</p>}
        <p className="chore-row__badges">
          <span className="badge">{frequencyLabel(chore.frequencyDays)}</span>
          {chore.requiresPhoto && <span className="badge badge--warning">{t('photoRequired')}</span>}
        </p>
      </div>
      <span className="list__amount">{formatReward(chore.baseReward, unit)}</span>
      {children && <div className="chore-row__aside">{children}</div>}
    </li>
  );
}
