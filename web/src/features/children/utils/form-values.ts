import type { InviteChildInput } from '../api/invite-child';
import type { UpdateChildInput } from '../api/update-child';
import type { Child } from '../types';
import { AGE_GROUPS, DEFAULT_BIRTHDAY_REWARD, REWARD_TYPES, UI_THEMES } from './options';
import type { ChildFormValues } from './validation';
import { choiceOf, toAmount } from '@/lib/validation';

/** The add-child form before anything is typed: the spec's defaults. */
export function emptyChildForm(): ChildFormValues {
  return {
    firstName: '',
    lastName: '',
    name: '',
    email: '',
    phone: '',
    dateOfBirth: '',
    birthdayRewardAmount: String(DEFAULT_BIRTHDAY_REWARD),
    ageGroup: 'CHILD',
    uiTheme: 'KIDS',
    rewardDisplayType: 'MONEY',
  };
}

/** The edit-child form filled with what the child has now. */
export function childFormOf(child: Child): ChildFormValues {
  return {
    firstName: child.firstName ?? '',
    lastName: child.lastName ?? '',
    name: child.name ?? '',
    email: child.user?.email ?? '',
    phone: child.user?.phone ?? '',
    dateOfBirth: child.dateOfBirth ?? '',
    birthdayRewardAmount: (child.birthdayRewardAmount ?? DEFAULT_BIRTHDAY_REWARD).toFixed(2),
    ageGroup: child.ageGroup,
    uiTheme: child.uiTheme,
    rewardDisplayType: child.rewardDisplayType,
  };
}

function commonInput(values: ChildFormValues): UpdateChildInput {
  return {
    // Left empty, the server names the child by first and last name.
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    dateOfBirth: values.dateOfBirth.trim() || null,
    birthdayRewardAmount: toAmount(values.birthdayRewardAmount),
    ageGroup: choiceOf(values.ageGroup, AGE_GROUPS),
    uiTheme: choiceOf(values.uiTheme, UI_THEMES),
    rewardDisplayType: choiceOf(values.rewardDisplayType, REWARD_TYPES),
  };
}

export function toInviteChildInput(values: ChildFormValues): InviteChildInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...commonInput(values),
  };
}

export function toUpdateChildInput(values: ChildFormValues): UpdateChildInput {
  return commonInput(values);
}
