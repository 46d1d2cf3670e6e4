import { i18n } from './i18n';

/** Field name -> message, for the fields that failed. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const MIN_PASSWORD_LENGTH = 6;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isBlank(value: string | null | undefined): boolean {
  return !value || !value.trim();
}

export function hasErrors<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).some(Boolean);
}

/** The password the user signs in with now, which the account's security calls ask for: required. */
export function validateCurrentPassword(value: string): string | undefined {
  return value ? undefined : i18n.t('validation:currentPasswordRequired');
}

/** A new password as typed: required, at least MIN_PASSWORD_LENGTH characters. */
export function validateNewPassword(value: string): string | undefined {
  if (!value) return i18n.t('validation:passwordRequired');
  if (value.length < MIN_PASSWORD_LENGTH) return i18n.t('validation:passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  return undefined;
}

/** The new password typed again: it must match. */
export function validatePasswordConfirmation(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : i18n.t('validation:passwordsDoNotMatch');
}

/** Email checks shared by every form that asks for one. */
export function validateEmail(value: string): string | undefined {
  if (isBlank(value)) return i18n.t('validation:emailRequired');
  if (!isValidEmail(value)) return i18n.t('validation:emailInvalid');
  return undefined;
}

/** The money fields forms check, each with its own messages ("Base reward is required"). */
export type AmountFieldName = 'baseReward' | 'amount' | 'birthdayReward';

/**
 * A money amount typed into a form: required, a plain number, not negative,
 * at most two decimals. The messages name the field.
 */
export function validateAmount(value: string, field: AmountFieldName): string | undefined {
  const text = value.trim();
  if (!text) return i18n.t(`validation:amount.${field}.required`);
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return i18n.t(`validation:amount.${field}.notNumber`);
  if (Number(text) < 0) return i18n.t(`validation:amount.${field}.negative`);
  if ((text.split('.')[1] ?? '').length > 2) return i18n.t(`validation:amount.${field}.decimals`);
  return undefined;
}

/** Dollars with at most two decimals, as sent to the API. */
export function toAmount(value: string): number {
  return Math.round(Number(value.trim()) * 100) / 100;
}

/** What a number field accepts: its range and how many decimals it may have. */
export interface DecimalRange {
  min: number;
  max: number;
  /** The most decimals that are not trailing zeros: 2 for cents, 1 for steps of 0.1. */
  decimals: number;
}

/** The number typed, when it is a plain decimal within `range`; null otherwise. */
export function parseDecimal(value: string, range: DecimalRange): number | null {
  const text = value.trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  if ((text.split('.')[1] ?? '').replace(/0+$/, '').length > range.decimals) return null;
  const number = Number(text);
  return number >= range.min && number <= range.max ? number : null;
}

/**
 * `value` when it is one of `choices` (what a select offers), else the first
 * choice: a form's text read as one of the API's values without a cast.
 */
export function choiceOf<T extends string | number>(value: string, choices: readonly [T, ...T[]]): T {
  return choices.find((choice) => String(choice) === value) ?? choices[0];
}
