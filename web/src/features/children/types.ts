import type { RewardDisplayType } from '@/types/api';

export type { RewardDisplayType };

export type AgeGroup = 'CHILD' | 'TWEEN' | 'TEEN' | 'YOUNG_ADULT';

export type ChildUiTheme = 'KIDS' | 'TEEN' | 'ADULT';

export type GradeLetter = 'A' | 'B' | 'C' | 'D' | 'F';

/** What a child's rewards are multiplied by now, and its parts (e.g. 1.5). */
export interface ChildMultiplier {
  /** The product of the three parts. */
  total: number;
  grade: number;
  behaviour: number;
  streak: number;
  /** A D or F grade switches every bonus above 1.0 off. */
  bonusesDisabled: boolean;
  streakDays: number;
}

/** A child of the family, as GET /children answers. Money is in dollars. */
export interface Child {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  user: { email: string; phone: string | null };
  /** Null until the child has accepted the invitation. */
  userId: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  birthdayRewardAmount: number;
  ageGroup: AgeGroup;
  uiTheme: ChildUiTheme;
  rewardDisplayType: RewardDisplayType;
  balance: number;
  honestyRating: number;
  respectRating: number;
  rulesRating: number;
  /** The mean grade points of the active graded subjects (two decimals); null without any. */
  gpa: number | null;
  gpaLetter: GradeLetter | null;
  multiplier: ChildMultiplier;
}

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
