import type { Child } from '../types';
import { gpaText } from '../utils/format';

/** "GPA 3.25" with its letter, or "GPA N/A" without an active graded subject. */
export function GpaSummary({ child }: { child: Pick<Child, 'gpa' | 'gpaLetter'> }) {
  return (
    <span className="gpa-summary">
      <span className="gpa-summary__value">{gpaText(child.gpa)}</span>
      {child.gpa !== null && child.gpaLetter && <span className="badge">{child.gpaLetter}</span>}
    </span>
  );
}
