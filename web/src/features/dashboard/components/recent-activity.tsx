import { useTranslation } from 'react-i18next';

import type { ActivityRow } from '../utils/activity';
import { Card, EmptyState, Spinner } from '@/components/ui';
import { choreEmoji } from '@/lib/emoji';
import { statusLook } from '@/lib/submission-status';
import type { RewardDisplayType } from '@/types/api';
import { cn } from '@/utils/cn';
import { formatReward } from '@/utils/format';

export interface RecentActivityProps {
  rows: readonly ActivityRow[];
  unit: RewardDisplayType | null;
  /** Until both the dashboard and the waiting chores are in, so that rows do not jump as the second arrives. */
  loading: boolean;
}

/**
 * Recent Activity (spec): chore, category, reward (+ when approved) and
 * review date, approved rows green and rejected ones red; before them what
 * waits for review, in the warning colour, each with its status in words and
 * the parent's note once reviewed.
 */
export function RecentActivity({ rows, unit, loading }: RecentActivityProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('activity.title')}>
      {loading ? (
        <Spinner label={t('activity.loading')} />
      ) : rows.length === 0 ? (
        <EmptyState>{t('activity.empty')}</EmptyState>
      ) : (
        <ul className="list" aria-label={t('activity.label')}>
          {rows.map((row) => {
            const look = statusLook(row.status);
            return (
              <li key={row.key} className={cn('list__row', look.row)} aria-label={row.name}>
                <div>
                  <p className="list__primary" data-emoji={choreEmoji(row.name, row.category)}>
                    {row.name}
                  </p>
                  <p className="list__secondary">
                    {row.category} · {row.when}
                  </p>
                  {row.note && <p className="history-row__notes">{t('activity.note', { note: row.note })}</p>}
                </div>
                <div className="history-row__outcome">
                  <span className={cn('badge', look.badge)}>{look.label}</span>
                  <span className="list__amount">
                    {row.status === 'APPROVED' ? '+' : ''}
                    {formatReward(row.reward, unit)}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
