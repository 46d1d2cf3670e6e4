import { i18n } from '@/lib/i18n';
import { numberFormat } from '@/utils/format';

/** "GPA 3.25", or "GPA N/A" without an active graded subject. */
export function gpaText(gpa: number | null | undefined): string {
  return typeof gpa === 'number' && Number.isFinite(gpa)
    ? i18n.t('children:gpa.value', { gpa: numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(gpa) })
    : i18n.t('children:gpa.none');
}

/** "3.0 points", "5.0 points". */
export function gradePointsText(points: number): string {
  const text = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(points);
  return i18n.t('children:gpa.points', { points: text });
}

/** A percentage grade with two decimals: 91.50 (91,50 in Spanish and German). */
export function percentageText(percentage: number): string {
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(percentage);
}
