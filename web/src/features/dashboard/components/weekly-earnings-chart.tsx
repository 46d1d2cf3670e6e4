import type { WeekEarnings } from '../types';
import { EmptyState } from '@/components/ui';
import { i18n } from '@/lib/i18n';
import type { RewardDisplayType } from '@/types/api';
import { formatCalendarDate, formatReward } from '@/utils/format';

const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

const shortDate = (week: WeekEarnings) => formatCalendarDate(week.weekStart, week.weekStart, SHORT_DATE);

/** "Week of May 6: $2.00", in the child's reward unit. */
export function weekText(week: WeekEarnings, unit: RewardDisplayType | null): string {
  return i18n.t('dashboard:chart.week', { date: shortDate(week), amount: formatReward(week.amount, unit) });
}

/** What the chart shows, for those who cannot see it. */
export function chartSummary(weeks: readonly WeekEarnings[], unit: RewardDisplayType | null): string {
  const total = weeks.reduce((sum, week) => sum + week.amount, 0);
  const best = weeks.reduce<WeekEarnings | null>((top, week) => (week.amount > (top?.amount ?? 0) ? week : top), null);
  const values = { count: weeks.length, total: formatReward(total, unit) };
  if (!best) return i18n.t('dashboard:chart.summary', values);
  return i18n.t('dashboard:chart.summaryBest', {
    ...values,
    date: shortDate(best),
    amount: formatReward(best.amount, unit),
  });
}

/** How long each week's bar is, in percent of the longest (the best week's); 0 for nothing earned. */
export function barLengths(weeks: readonly WeekEarnings[]): number[] {
  const highest = Math.max(0, ...weeks.map((week) => week.amount));
  return weeks.map((week) => (highest > 0 ? Math.round((Math.max(week.amount, 0) / highest) * 1000) / 10 : 0));
}

export interface WeeklyEarningsChartProps {
  weeks: readonly WeekEarnings[];
  /** The child's reward unit; dollars when null. */
  unit: RewardDisplayType | null;
}

/**
 * A bar per week (oldest first), as long as what was earned in it, between
 * the week's date and its amount in words: the figures read at any width,
 * where labels drawn inside a scaled picture would shrink on a phone. With
 * nothing earned in any week there is nothing to compare: it says so instead.
 */
export function WeeklyEarningsChart({ weeks, unit }: WeeklyEarningsChartProps) {
  if (!weeks.some((week) => week.amount > 0)) return <EmptyState>{i18n.t('dashboard:chart.empty')}</EmptyState>;
  const lengths = barLengths(weeks);

  return (
    <div className="earnings-chart" role="img" aria-label={chartSummary(weeks, unit)}>
      {weeks.map((week, index) => (
        <div key={week.weekStart || index} className="earnings-chart__row" title={weekText(week, unit)}>
          <span className="earnings-chart__week">{shortDate(week)}</span>
          <span className="earnings-chart__track">
            <span className="earnings-chart__bar" style={{ width: `${lengths[index]}%` }} />
          </span>
          <span className="earnings-chart__value">{formatReward(week.amount, unit)}</span>
        </div>
      ))}
    </div>
  );
}
