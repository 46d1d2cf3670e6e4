import type { AgeGroup, ChildUiTheme, RewardDisplayType } from '../types';

/** What the selects offer, the first being the default. */
export const AGE_GROUPS = ['CHILD', 'TWEEN', 'TEEN', 'YOUNG_ADULT'] as const satisfies readonly AgeGroup[];
export const UI_THEMES = ['KIDS', 'TEEN', 'ADULT'] as const satisfies readonly ChildUiTheme[];
export const REWARD_TYPES = ['MONEY', 'SCREEN_TIME', 'POINTS', 'CUSTOM'] as const satisfies readonly RewardDisplayType[];

export const AGE_GROUP_LABELS = {
  CHILD: 'Child (5-10)',
  TWEEN: 'Tween (11-13)',
  TEEN: 'Teen (14-17)',
  YOUNG_ADULT: 'Young Adult (18+)',
} satisfies Record<(typeof AGE_GROUPS)[number], string>;

export const UI_THEME_LABELS = {
  KIDS: 'Kids',
  TEEN: 'Teen',
  ADULT: 'Adult',
} satisfies Record<(typeof UI_THEMES)[number], string>;

export const REWARD_TYPE_LABELS = {
  MONEY: 'Money ($)',
  SCREEN_TIME: 'Screen time (hrs)',
  POINTS: 'Points (pts)',
  CUSTOM: 'Custom',
} satisfies Record<(typeof REWARD_TYPES)[number], string>;

function toOptions<Key extends string>(values: readonly Key[], labels: Record<Key, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

export const AGE_GROUP_OPTIONS = toOptions(AGE_GROUPS, AGE_GROUP_LABELS);
export const UI_THEME_OPTIONS = toOptions(UI_THEMES, UI_THEME_LABELS);
export const REWARD_TYPE_OPTIONS = toOptions(REWARD_TYPES, REWARD_TYPE_LABELS);

export function labelOf<Key extends string>(labels: Record<Key, string>, value: string | null | undefined): string {
  if (!value) return '—';
  return labels[value as Key] ?? value;
}

export const DEFAULT_BIRTHDAY_REWARD = 10;
