import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeleteGoal, type Goal } from '@/api/goals';
import { GoalDialog } from './goal-dialog';
import { Button, EditRemoveActions, EmptyState, ProgressBar } from '@/components/ui';
import type { RewardDisplayType } from '@/types/api';
import { formatReward } from '@/utils/format';

/** The most goals a child keeps (the server says so too). */
export const GOALS_MAX = 20;

/**
 * A child's savings goals with how far their save jar covers each, on the
 * child's home and on the parent's child card. Both may add, change and
 * remove goals.
 */
export function GoalsPanel({
  childId,
  name,
  goals,
  unit,
  own,
}: {
  childId: string;
  name: string;
  goals: readonly Goal[] | undefined;
  unit: RewardDisplayType | null | undefined;
  /** The child's own home: the texts speak to them. */
  own: boolean;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const { mutateAsync: remove } = useDeleteGoal();
  const [editing, setEditing] = useState<Goal | 'new' | null>(null);
  const list = goals ?? [];

  return (
    <section className="goals" aria-label={own ? t('goals.mine') : t('goals.label', { name })}>
      {list.length === 0 ? (
        goals && <EmptyState>{own ? t('goals.emptyOwn') : t('goals.empty', { name })}</EmptyState>
      ) : (
        <ul className="goals__list">
          {list.map((goal) => (
            <li key={goal.id} className="goals__goal">
              <div className="goals__head">
                <span className="goals__emoji" aria-hidden="true">
                  {goal.emoji || '🐷'}
                </span>
                <span className="goals__name">{goal.name}</span>
                {goal.reachedAt && <span className="badge badge--success">{t('goals.reached')}</span>}
              </div>
              <ProgressBar value={goal.percent / 100} label={t('goals.progressLabel', { name: goal.name })} />
              <p className="goals__amounts">
                {goal.reachedAt || goal.percent >= 100
                  ? t('goals.covered', { target: formatReward(goal.target, unit) })
                  : t('goals.saved', {
                      saved: formatReward(Math.max(goal.saved, 0), unit),
                      target: formatReward(goal.target, unit),
                      left: formatReward(goal.target - Math.max(goal.saved, 0), unit),
                    })}
              </p>
              <EditRemoveActions
                name={goal.name}
                onEdit={() => setEditing(goal)}
                onRemove={() => remove(goal.id)}
                removeLabel={t('actions.delete')}
                confirmation={t('goals.deleteConfirm', { name: goal.name })}
                fallback={t('errors:fallback.deleteGoal')}
              />
            </li>
          ))}
        </ul>
      )}
      {list.length < GOALS_MAX && (
        <Button
          variant="secondary"
          size="md"
          onClick={() => setEditing('new')}
          aria-label={own ? t('goals.add') : t('goals.addFor', { name })}
        >
          {t('goals.add')}
        </Button>
      )}
      {editing && (
        <GoalDialog childId={childId} goal={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
