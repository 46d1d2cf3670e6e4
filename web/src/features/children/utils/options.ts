import type { AgeGroup, ChildUiTheme, RewardDisplayType } from '../types';
import { i18n } from '@/lib/i18n';

/** What the selects offer, the first being the default. */
export const AGE_GROUPS = ['CHILD', 'TWEEN', 'TEEN', 'YOUNG_ADULT'] as const satisfies readonly AgeGroup[];
export const UI_THEMES = ['KIDS', 'TEEN', 'ADULT'] as const satisfies readonly ChildUiTheme[];
export const REWARD_TYPES = ['MONEY', 'SCREEN_TIME', 'POINTS', 'CUSTOM'] as const satisfies readonly RewardDisplayType[];

/** "Child (5-10)", "Tween (11-13)"…; a value this version does not know, as it is; "—" for none. */
export function ageGroupLabel(value: string | null | undefined): string {
  return labelOf(AGE_GROUPS, value, (group) => i18n.t(`children:ageGroups.${group}`));
}

/** "Kids", "Teen", "Adult". */
export function uiThemeLabel(value: string | null | undefined): string {
  return labelOf(UI_THEMES, value, (theme) => i18n.t(`children:uiThemes.${theme}`));
}

/** "Money ($)", "Screen time (hrs)", "Points (pts)", "Custom". */
export function rewardTypeLabel(value: string | null | undefined): string {
  return labelOf(REWARD_TYPES, value, (type) => i18n.t(`children:rewardTypes.${type}`));
}

function labelOf<Key extends string>(
  values: readonly Key[],
  value: string | null | undefined,
  label: (key: Key) => string,
): string {
  if (!value) return i18n.t('common:none');
  const known = values.find((key) => key === value);
  return known ? label(known) : value;
}

export const ageGroupOptions = () => AGE_GROUPS.map((value) => ({ value, label: ageGroupLabel(value) }));
export const uiThemeOptions = () => UI_THEMES.map((value) => ({ value, label: uiThemeLabel(value) }));
export const rewardTypeOptions = () => REWARD_TYPES.map((value) => ({ value, label: rewardTypeLabel(value) }));

export const DEFAULT_BIRTHDAY_REWARD = 10;
