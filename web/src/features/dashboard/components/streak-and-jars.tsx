import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { WeekEarnings } from '../types';
import { weekStreak } from '../utils/streak';
import { NextAllowance } from '@/components/allowance/allowance-panel';
import { JarsSummary, type JarAmounts } from '@/components/jars/jars-summary';
import { Card } from '@/components/ui';
import { paths } from '@/config/paths';
import type { RewardDisplayType } from '@/types/api';

export interface StreakAndJarsProps {
  weeks: readonly WeekEarnings[];
  jars: JarAmounts;
  unit: RewardDisplayType | null;
  /** The child's id, for their next allowance; empty when not known. */
  childId: string;
}

/**
 * The head of a TEEN child's home: their streak (weeks in a row with an
 * approved chore, and what keeps it going), then what their jars hold, the
 * next allowance and the way to the store.
 */
export function StreakAndJars({ weeks, jars, unit, childId }: StreakAndJarsProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  const streak = weekStreak(weeks);
  const hint = streak.weeks === 0 ? t('teen.noStreak') : streak.thisWeek ? t('teen.streakHint') : t('teen.keepGoing');

  return (
    <Card title={t('teen.title')} aria-label={t('teen.title')} className="streak-jars">
      <div className="streak">
        <p className="streak__label">{t('teen.streak')}</p>
        <p className="streak__value">{t(streak.orMore ? 'teen.weeksOrMore' : 'teen.weeks', { count: streak.weeks })}</p>
        <p className="streak__hint">{hint}</p>
      </div>
      <JarsSummary jars={jars} unit={unit} label={t('common:jars.title')} />
      {childId && <NextAllowance childId={childId} unit={unit} />}
      <Link className="btn btn--secondary btn--sm" to={paths.app.store.getHref()}>
        {t('common:nav.store')}
      </Link>
    </Card>
  );
}
