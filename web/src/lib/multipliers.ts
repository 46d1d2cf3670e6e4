import { i18n } from './i18n';
import type { ChildMultiplier, PayPreview, RewardDisplayType } from '@/types/api';
import { formatReward, numberFormat } from '@/utils/format';

/** A multiplier as people read it: 1.5, 1.25, 1.875, 1.0 (1,5 in Spanish and German). */
export function formatFactor(value: number): string {
  // Multipliers are kept in thousandths, so three decimals show them exactly.
  return numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 3 }).format(value);
}

/** One part of a multiplier that changes a reward: its name in words and its factor. */
export interface MultiplierPart {
  name: string;
  factor: number;
}

/**
 * The parts that change a reward ("grades", "behaviour", "9-day streak");
 * parts at 1.0 change nothing and are left out.
 */
export function multiplierParts({ grade, behaviour, streak, streakDays }: ChildMultiplier): MultiplierPart[] {
  const parts: MultiplierPart[] = [
    { name: i18n.t('common:multipliers.grades'), factor: grade },
    { name: i18n.t('common:multipliers.behaviour'), factor: behaviour },
    { name: i18n.t('common:multipliers.streak', { count: streakDays }), factor: streak },
  ];
  return parts.filter((part) => part.factor !== 1);
}

/** "grades × 1.6, behaviour × 1.2". */
function partsText(parts: readonly MultiplierPart[]): string {
  return parts
    .map(({ name, factor }) => i18n.t('common:multipliers.part', { name, factor: formatFactor(factor) }))
    .join(', ');
}

/** "× 1.92: grades × 1.6, behaviour × 1.2", or "× 1.0: no bonus or penalty right now". */
export function multiplierSummary(multiplier: ChildMultiplier): string {
  const parts = multiplierParts(multiplier);
  return i18n.t('common:multipliers.summary', {
    factor: formatFactor(multiplier.total),
    parts: parts.length > 0 ? partsText(parts) : i18n.t('common:multipliers.noBoost'),
  });
}

/**
 * What approving a chore pays, in plain words: "$5.00 × 1.5 for grades =
 * $7.50", "$5.00 × 1.8 (grades × 1.5, behaviour × 1.2) = $9.00", or
 * "$5.00, no bonus or penalty right now".
 */
export function payPreviewText(
  baseReward: number,
  preview: PayPreview,
  unit: RewardDisplayType | null | undefined,
): string {
  const base = formatReward(baseReward, unit);
  const total = formatReward(preview.reward, unit);
  const parts = multiplierParts(preview.multiplier);
  const factor = formatFactor(preview.multiplier.total);
  const [only] = parts;
  if (parts.length === 0) return i18n.t('common:multipliers.payNone', { base });
  if (parts.length === 1 && only) return i18n.t('common:multipliers.payOne', { base, factor, name: only.name, total });
  return i18n.t('common:multipliers.payMany', { base, factor, parts: partsText(parts), total });
}
