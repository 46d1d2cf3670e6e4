import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Child } from '../types';
import { paths } from '@/config/paths';
import { multiplierSummary } from '@/lib/multipliers';

/**
 * The child card's Chores tab: what an approved chore of theirs is multiplied
 * by and why, their streak, and the ways to the family's Today and History
 * screens, where their chores are (no screen lists one child's alone).
 */
export function ChildChoresTab({ child }: { child: Child }) {
  const { t } = useTranslation(['children', 'common']);
  const { multiplier } = child;

  return (
    <div className="child-card__panel">
      {multiplier && (
        <div className="child-card__rewards">
          <p className="child-card__multiplier">{t('card.multiplier', { summary: multiplierSummary(multiplier) })}</p>
          {/* A streak that boosts rewards is named in the line above already. */}
          {multiplier.streakDays > 0 && multiplier.streak === 1 && (
            <p className="muted small">{t('common:multipliers.streak', { count: multiplier.streakDays })}</p>
          )}
          {multiplier.bonusesDisabled && <p className="child-card__bonuses-off">{t('card.bonusesOff')}</p>}
        </div>
      )}
      <div className="card__actions">
        <Link className="btn btn--secondary btn--sm" to={paths.app.today.getHref()}>
          {t('card.todayLink')}
        </Link>
        <Link className="btn btn--secondary btn--sm" to={paths.app.history.getHref()}>
          {t('card.historyLink')}
        </Link>
      </div>
    </div>
  );
}
