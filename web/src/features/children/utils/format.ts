import type { ChildMultiplier } from '../types';

const factorFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** A multiplier as people read it: 1.5, 1.25, 1.0. */
export function formatFactor(value: number): string {
  return factorFormat.format(value);
}

/** "× 1.56 — grade 1.3 · behaviour 1.2 · streak 1.0" */
export function multiplierSummary(multiplier: ChildMultiplier): string {
  const { total, grade, behaviour, streak } = multiplier;
  return `× ${formatFactor(total)} — grade ${formatFactor(grade)} · behaviour ${formatFactor(
    behaviour,
  )} · streak ${formatFactor(streak)}`;
}

/** "GPA 3.25", or "GPA N/A" without an active graded subject. */
export function gpaText(gpa: number | null | undefined): string {
  return typeof gpa === 'number' && Number.isFinite(gpa) ? `GPA ${gpa.toFixed(2)}` : 'GPA N/A';
}

/** "3.0 points", "5.0 points". */
export function gradePointsText(points: number): string {
  return `${points.toFixed(1)} points`;
}
