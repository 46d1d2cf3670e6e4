import { i18n } from '@/lib/i18n';
import {
  isBlank,
  validateAmount,
  validateEmail,
  validateNewPassword,
  validatePasswordConfirmation,
  type FieldErrors,
} from '@/lib/validation';

/** "Ratings must be whole numbers from 1 to 10", in the interface language. */
export const ratingsInvalid = () => i18n.t('validation:ratingsInvalid');
export const MIN_RATING = 1;
export const MAX_RATING = 10;

/** The add-child and edit-child forms, as typed. */
export interface ChildFormValues {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD or empty. */
  dateOfBirth: string;
  birthdayRewardAmount: string;
  ageGroup: string;
  uiTheme: string;
  rewardDisplayType: string;
}

export type ChildFormErrors = FieldErrors<keyof ChildFormValues>;

function todayIso(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

function validateBirthday(value: string, now: Date): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
  if (!match || !date || date.getMonth() !== Number(match[2]) - 1 || date.getDate() !== Number(match[3])) {
    return i18n.t('validation:dateInvalid');
  }
  if (text > todayIso(now)) return i18n.t('validation:birthdayInFuture');
  return undefined;
}

/** An email only some children have (a teen's own email login): checked when given. */
function validateOptionalEmail(value: string): string | undefined {
  return isBlank(value) ? undefined : validateEmail(value);
}

/**
 * Add child: the first name required. The email is optional (only a teen who
 * wants their own email login has one: they are invited to set a password);
 * the rest optional, the reward 0 or more.
 */
export function validateInviteChild(values: ChildFormValues, now = new Date()): ChildFormErrors {
  return {
    firstName: isBlank(values.firstName) ? i18n.t('validation:firstNameRequired') : undefined,
    email: validateOptionalEmail(values.email),
    dateOfBirth: validateBirthday(values.dateOfBirth, now),
    birthdayRewardAmount: validateAmount(values.birthdayRewardAmount, 'birthdayReward'),
  };
}

/**
 * Edit child: a child who signs in with their email keeps one (required);
 * one added without may be given one or stay without. An empty display name
 * is the server's to fill in.
 */
export function validateEditChild(
  values: ChildFormValues,
  now = new Date(),
  { emailRequired = true }: { emailRequired?: boolean } = {},
): ChildFormErrors {
  return {
    email: emailRequired ? validateEmail(values.email) : validateOptionalEmail(values.email),
    dateOfBirth: validateBirthday(values.dateOfBirth, now),
    birthdayRewardAmount: validateAmount(values.birthdayRewardAmount, 'birthdayReward'),
  };
}

export interface RatingsValues {
  honestyRating: string;
  respectRating: string;
  rulesRating: string;
}

export function parseRating(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const rating = Number(text);
  return rating >= MIN_RATING && rating <= MAX_RATING ? rating : null;
}

/** Each rating a whole number from 1 to 10. */
export function validateRatings(values: RatingsValues): FieldErrors<keyof RatingsValues> {
  const check = (value: string) => (parseRating(value) === null ? ratingsInvalid() : undefined);
  return {
    honestyRating: check(values.honestyRating),
    respectRating: check(values.respectRating),
    rulesRating: check(values.rulesRating),
  };
}

/** The Set password dialog, as typed. */
export interface ChildPasswordValues {
  password: string;
  confirmPassword: string;
}

/** A new password for a child's login, typed twice. */
export function validateChildPassword(values: ChildPasswordValues): FieldErrors<keyof ChildPasswordValues> {
  return {
    password: validateNewPassword(values.password),
    confirmPassword: validatePasswordConfirmation(values.password, values.confirmPassword),
  };
}
