import type { WeekEarnings } from '../types';
import type { RewardDisplayType } from '@/types/api';
import { formatCalendarDate, formatReward } from '@/utils/format';

const BAR_WIDTH = 28;
const GAP = 14;
const PLOT_HEIGHT = 100;
const TOP = 8;
const LABEL_HEIGHT = 22;

const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

const shortDate = (week: WeekEarnings) => formatCalendarDate(week.weekStart, week.weekStart, SHORT_DATE);

/** "Week of May 6: $2.00", in the child's reward unit. */
export function weekText(week: WeekEarnings, unit: RewardDisplayType | null): string {
  return `Week of ${shortDate(week)}: ${formatReward(week.amount, unit)}`;
}

/** What the chart shows, for those who cannot see it. */
export function chartSummary(weeks: readonly WeekEarnings[], unit: RewardDisplayType | null): string {
  const total = weeks.reduce((sum, week) => sum + week.amount, 0);
  const best = weeks.reduce<WeekEarnings | null>((top, week) => (week.amount > (top?.amount ?? 0) ? week : top), null);
  const most = best ? `; most in the week of ${shortDate(best)} (${formatReward(best.amount, unit)})` : '';
  return `Earnings per week over the last ${weeks.length} weeks: ${formatReward(total, unit)} in total${most}`;
}

export interface WeeklyEarningsChartProps {
  weeks: readonly WeekEarnings[];
  /** The child's reward unit; dollars when null. */
  unit: RewardDisplayType | null;
}

/** A bar per week (oldest first), as high as what was earned in it; each bar names its week and amount. */
export function WeeklyEarningsChart({ weeks, unit }: WeeklyEarningsChartProps) {
  const highest = Math.max(0, ...weeks.map((week) => week.amount));
  const width = weeks.length * (BAR_WIDTH + GAP) + GAP;
  const baseline = TOP + PLOT_HEIGHT;

  return (
    <svg
      className="earnings-chart"
      role="img"
      aria-label={chartSummary(weeks, unit)}
      viewBox={`0 0 ${width} ${baseline + LABEL_HEIGHT}`}
    >
      <line className="earnings-chart__axis" x1={0} x2={width} y1={baseline} y2={baseline} />
      {weeks.map((week, index) => {
        const x = GAP + index * (BAR_WIDTH + GAP);
        const height = highest > 0 ? (Math.max(week.amount, 0) / highest) * PLOT_HEIGHT : 0;
        return (
          <g key={week.weekStart || index}>
            <rect className="earnings-chart__bar" x={x} y={baseline - height} width={BAR_WIDTH} height={height} rx={3}>
              <title>{weekText(week, unit)}</title>
            </rect>
            <text className="earnings-chart__label" x={x + BAR_WIDTH / 2} y={baseline + 16} textAnchor="middle">
              {shortDate(week)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
