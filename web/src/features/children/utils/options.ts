import type { AgeGroup, ChildUiTheme, RewardDisplayType } from '../types';

export const AGE_GROUP_LABELS: Record<AgeGroup, string> = {
  CHILD: 'Child (5-10)',
  TWEEN: 'Tween (11-13)',
  TEEN: 'Teen (14-17)',
  YOUNG_ADULT: 'Young Adult (18+)',
};

export const UI_THEME_LABELS: Record<ChildUiTheme, string> = {
  KIDS: 'Kids',
  TEEN: 'Teen',
  ADULT: 'Adult',
};

export const REWARD_TYPE_LABELS: Record<RewardDisplayType, string> = {
  MONEY: 'Money ($)',
  SCREEN_TIME: 'Screen time (hrs)',
  POINTS: 'Points (pts)',
  CUSTOM: 'Custom',
};

function toOptions<Key extends string>(labels: Record<Key, string>) {
  return (Object.keys(labels) as Key[]).map((value) => ({ value, label: labels[value] }));
}

export const AGE_GROUP_OPTIONS = toOptions(AGE_GROUP_LABELS);
export const UI_THEME_OPTIONS = toOptions(UI_THEME_LABELS);
export const REWARD_TYPE_OPTIONS = toOptions(REWARD_TYPE_LABELS);

export function labelOf<Key extends string>(labels: Record<Key, string>, value: string | null | undefined): string {
  if (!value) return '—';
  return labels[value as Key] ?? value;
}

export const DEFAULT_BIRTHDAY_REWARD = 10;
