import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Child } from '../types';
import { AdjustBalanceDialog } from './adjust-balance-dialog';
import { useGoals } from '@/api/goals';
import { AllowancePanel } from '@/components/allowance/allowance-panel';
import { GoalsPanel } from '@/components/goals/goals-panel';
import { JarsPanel } from '@/components/jars/jars-panel';
import { Button } from '@/components/ui';
import { paths } from '@/config/paths';

/**
 * The child card's Money tab: adjusting the balance and the payslip, how
 * earnings are split between the jars and moving money between them, the
 * allowance and interest, and the savings goals. (The balance and what each
 * jar holds are in the card's head.)
 */
export function ChildMoneyTab({ child }: { child: Child }) {
  const { t } = useTranslation(['children', 'common']);
  const [adjusting, setAdjusting] = useState(false);
  const goals = useGoals(child.id);

  return (
    <div className="child-card__panel">
      <div className="card__actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setAdjusting(true)}
          aria-label={t('card.adjustBalanceLabel', { name: child.name })}
        >
          {t('card.adjustBalance')}
        </Button>
        <Link
          className="btn btn--secondary btn--sm"
          to={paths.app.payslip.getHref(child.id)}
          aria-label={t('common:payslip.openForLabel', { name: child.name })}
        >
          {t('common:payslip.openFor')}
        </Link>
      </div>
      <JarsPanel childId={child.id} name={child.name} unit={child.rewardDisplayType} />
      <AllowancePanel childId={child.id} name={child.name} unit={child.rewardDisplayType} />
      {/* The goals panel is the region, named for the child: no second one around it. */}
      <div className="child-card__goals">
        <h3 className="child-card__subtitle">{t('common:goals.title')}</h3>
        <GoalsPanel childId={child.id} name={child.name} goals={goals.data} unit={child.rewardDisplayType} own={false} />
      </div>
      {adjusting && <AdjustBalanceDialog child={child} onClose={() => setAdjusting(false)} />}
    </div>
  );
}
