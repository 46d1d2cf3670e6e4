/** Shapes shared by several features, as the JSON API sends them. */

export type Role = 'SUPER_ADMIN' | 'ORG_ADMIN' | 'ORG_MEMBER';

export type UiTheme = 'KIDS' | 'TEEN' | 'ADULT';

export type Plan = 'FREE' | 'PRO' | 'ENTERPRISE';

/** The unit a child's rewards and balance are shown in: $, hrs, pts or a plain number. */
export type RewardDisplayType = 'MONEY' | 'SCREEN_TIME' | 'POINTS' | 'CUSTOM';

export interface UserOrganization {
  id: string;
  name: string;
  plan: Plan;
}

export interface UserProfile {
  uiTheme: UiTheme;
  /** A child's own reward unit, as their parents set it; null for adults. */
  rewardDisplayType: RewardDisplayType | null;
}

export interface User {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone: string | null;
  isActive: boolean;
  emailVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  organization: UserOrganization | null;
  childId: string | null;
  profile: UserProfile | null;
}

export interface AuthResponse {
  token: string;
  user: User;
}

export interface ApiErrorDetail {
  field?: string;
  message?: string;
}

export interface ApiErrorBody {
  error?: string;
  message?: string;
  details?: ApiErrorDetail[];
}

export type AgeGroup = 'CHILD' | 'TWEEN' | 'TEEN' | 'YOUNG_ADULT';

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
  uiTheme: UiTheme;
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

/** A chore category of the family, as GET /categories answers. */
export interface Category {
  id: string;
  name: string;
  description: string;
  /** How many active chores it holds. */
  choreCount: number;
}

/** A category as chores and submissions name it. */
export interface CategoryRef {
  id: string;
  name: string;
}

/** An active chore. Money is in dollars. */
export interface Chore {
  id: string;
  name: string;
  description: string;
  baseReward: number;
  categoryId: string;
  category: CategoryRef | null;
  /** 0 (anytime), 1, 2, 3, 7, 14 or 30. */
  frequencyDays: number;
  requiresPhoto: boolean;
  isActive: boolean;
}

/** Whether a child may submit a chore now, and if not, from when. */
export interface ChoreAvailability {
  choreId: string;
  isAvailable: boolean;
  /** ISO 8601, null while available. */
  nextAvailableAt: string | null;
  daysRemaining: number;
}

export type SubmissionStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** A child's report of a finished chore, and its review. */
export interface Submission {
  id: string;
  chore: Chore;
  childId: string;
  childName: string;
  baseReward: number;
  boostedReward: number;
  completedAt: string;
  submittedAt: string;
  notes: string;
  /** A short-lived signed address of the photo proof. */
  photoUrl: string | null;
  status: SubmissionStatus;
  adminNotes: string;
  reviewedAt: string | null;
  approved: boolean;
}
