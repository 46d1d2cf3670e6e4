import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAllowance, useInterest, type Allowance } from '@/api/allowance';
import { AllowanceDialog } from './allowance-dialog';
import { InterestDialog } from './interest-dialog';
import { Button } from '@/components/ui';
import { i18n } from '@/lib/i18n';
import type { RewardDisplayType } from '@/types/api';
import { formatCalendarDate, formatReward, formatWeekday } from '@/utils/format';

/** "$5.00 every Saturday" or "$20.00 on day 31 of each month"; null when there is none. */
export function allowanceSummary(allowance: Allowance | undefined, unit: RewardDisplayType | null | undefined) {
  if (!allowance || allowance.amount <= 0) return null;
  const amount = formatReward(allowance.amount, unit);
  return allowance.period === 'MONTHLY'
    ? i18n.t('children:allowance.monthly', { amount, day: allowance.day })
    : i18n.t('children:allowance.weekly', { amount, weekday: formatWeekday(allowance.day, 'long') });
}

/**
 * A child's allowance and save-jar interest on the parent's child card: what
 * is set, when it is next paid, and the dialogs that set them.
 */
export function AllowancePanel({
  childId,
  name,
  unit,
}: {
  childId: string;
  name: string;
  unit: RewardDisplayType | null | undefined;
}) {
  const { t } = useTranslation('children');
  const allowance = useAllowance(childId);
  const interest = useInterest(childId);
  const [dialog, setDialog] = useState<'allowance' | 'interest' | null>(null);
  const summary = allowanceSummary(allowance.data, unit);
  const percent = interest.data?.percentPerMonth ?? 0;

  return (
    <section className="allowance-panel" aria-label={t('allowance.label', { name })}>
      {allowance.data && (
        <p className="small">
          {summary ? (
            <>
              {summary}
              {allowance.data.minApprovedChores > 0 && (
                <> · {t('allowance.needs', { count: allowance.data.minApprovedChores })}</>
              )}
              {allowance.data.nextPayDay && (
                <> · {t('allowance.next', { date: formatCalendarDate(allowance.data.nextPayDay) })}</>
              )}
            </>
          ) : (
            t('allowance.none')
          )}
        </p>
      )}
      {interest.data && (
        <p className="muted small">
          {percent > 0 ? t('allowance.interest', { percent }) : t('allowance.noInterest')}
        </p>
      )}
      <div className="jars-panel__actions">
        <Button variant="secondary" size="sm" onClick={() => setDialog('allowance')} aria-label={t('allowance.setLabel', { name })}>
          {t('allowance.set')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDialog('interest')} aria-label={t('allowance.setInterestLabel', { name })}>
          {t('allowance.setInterest')}
        </Button>
      </div>
      {dialog === 'allowance' && (
        <AllowanceDialog childId={childId} name={name} allowance={allowance.data} onClose={() => setDialog(null)} />
      )}
      {dialog === 'interest' && (
        <InterestDialog childId={childId} name={name} interest={interest.data} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

/** On the child's home: "Next allowance: $5.00 on Saturday, March 20", when one is set. */
export function NextAllowance({ childId, unit }: { childId: string; unit: RewardDisplayType | null | undefined }) {
  const { t } = useTranslation('children');
  const { data } = useAllowance(childId);
  if (!data || data.amount <= 0 || !data.nextPayDay) return null;
  return (
    <p className="next-allowance">
      {t('allowance.nextForChild', {
        amount: formatReward(data.amount, unit),
        date: formatCalendarDate(data.nextPayDay, '', { weekday: 'long', month: 'long', day: 'numeric' }),
      })}
    </p>
  );
}
