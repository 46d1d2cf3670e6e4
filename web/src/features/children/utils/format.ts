import type { RewardDisplayType } from '../types';
import { formatMoney } from '@/utils/format';

const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount in the child's reward unit, with two decimals: $12.50 for money,
 * 12.50 hrs for screen time, 12.50 pts for points and a plain 12.50 for custom.
 */
export function formatReward(value: unknown, type: RewardDisplayType | null | undefined): string {
  if (type === 'MONEY' || !type) return formatMoney(value);
  const number = typeof value === 'number' ? value : Number(value);
  const amount = amountFormat.format(Number.isFinite(number) ? number : 0);
  if (type === 'SCREEN_TIME') return `${amount} hrs`;
  if (type === 'POINTS') return `${amount} pts`;
  return amount;
}
