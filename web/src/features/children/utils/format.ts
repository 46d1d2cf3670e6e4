/** "GPA 3.25", or "GPA N/A" without an active graded subject. */
export function gpaText(gpa: number | null | undefined): string {
  return typeof gpa === 'number' && Number.isFinite(gpa) ? `GPA ${gpa.toFixed(2)}` : 'GPA N/A';
}

/** "3.0 points", "5.0 points". */
export function gradePointsText(points: number): string {
  return `${points.toFixed(1)} points`;
}
