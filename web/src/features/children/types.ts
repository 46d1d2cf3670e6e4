import type { AgeGroup, Child, ChildMultiplier, GradeLetter, RewardDisplayType, UiTheme } from '@/types/api';

export type { AgeGroup, Child, ChildMultiplier, GradeLetter, RewardDisplayType };

export type ChildUiTheme = UiTheme;

export type GradeScale = 'LETTER' | 'PERCENTAGE';

/** One grade recorded for a subject. */
export interface SubjectGrade {
  grade: string;
  /** Null for letter grades. */
  percentage: number | null;
  recordedAt: string;
}

/** A school subject of a child, as GET /subjects/{childId} answers (active first). */
export interface Subject {
  id: string;
  childId: string;
  name: string;
  teacher: string;
  period: string;
  gradeScale: GradeScale;
  /** JSON text of { thresholds?, points? }; empty for the defaults. */
  customScale: string;
  isActive: boolean;
  /** 'A'..'F', a percentage such as '92.5%', or 'N/A'. */
  currentGrade: string;
  /** Grade points for letter subjects, the percentage for percentage subjects. */
  currentValue: number | null;
  gradePoints: number | null;
  grades: SubjectGrade[];
}
