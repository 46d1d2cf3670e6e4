import type { ChildMultiplier, PayPreview, RewardDisplayType } from '@/types/api';
import { formatReward } from '@/utils/format';

// Multipliers are kept in thousandths, so three decimals show them exactly.
const factorFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 3 });

/** A multiplier as people read it: 1.5, 1.25, 1.875, 1.0. */
export function formatFactor(value: number): string {
  return factorFormat.format(value);
}

/** What no part of the multiplier changes, in words. */
export const NO_BOOST = 'no bonus or penalty right now';

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
    { name: 'grades', factor: grade },
    { name: 'behaviour', factor: behaviour },
    { name: `${streakDays}-day streak`, factor: streak },
  ];
  return parts.filter((part) => part.factor !== 1);
}

function partText({ name, factor }: MultiplierPart): string {
  return `${name} × ${formatFactor(factor)}`;
}

/** "× 1.92: grades × 1.6, behaviour × 1.2", or "× 1.0: no bonus or penalty right now". */
export function multiplierSummary(multiplier: ChildMultiplier): string {
  const parts = multiplierParts(multiplier);
  return `× ${formatFactor(multiplier.total)}: ${parts.length > 0 ? parts.map(partText).join(', ') : NO_BOOST}`;
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
  if (parts.length === 0) return `${base}, ${NO_BOOST}`;
  if (parts.length === 1 && only) return `${base} × ${factor} for ${only.name} = ${total}`;
  return `${base} × ${factor} (${parts.map(partText).join(', ')}) = ${total}`;
}
