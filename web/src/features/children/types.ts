/** A child of the family, as GET /children answers. Money is in dollars. */
export type AgeGroup = 'CHILD' | 'TWEEN' | 'TEEN' | 'YOUNG_ADULT';

export type ChildUiTheme = 'KIDS' | 'TEEN' | 'ADULT';

export type RewardDisplayType = 'MONEY' | 'SCREEN_TIME' | 'POINTS' | 'CUSTOM';

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
}
