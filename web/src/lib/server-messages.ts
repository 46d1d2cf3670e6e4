import type { ParseKeys, TOptions } from 'i18next';

import { currentLanguage, i18n } from './i18n';
import type { Namespace } from '@/locales/en';
import type { ApiErrorBody } from '@/types/api';
import { ERROR_PARAMS, type ErrorParamKind, type RefusalCode } from '@/types/error-codes';
import { formatCalendarDate, formatMoney } from '@/utils/format';

/** Any translation key, with its namespace ("errors:server.invalidLogin"). */
export type TranslationKey = Extract<ParseKeys<Namespace[]>, `${Namespace}:${string}`>;

/** A server text as a translation: its key and the values it names. */
export interface KnownMessage {
  key: TranslationKey;
  values?: TOptions;
}

/**
 * The texts the server sends (in English), each with the key of its
 * translation. The server's own words are the English texts of these keys
 * (server-messages.test.ts checks that they agree). Texts that name a value
 * are matched by PATTERNS below.
 */
const KNOWN_TEXTS: Readonly<Record<string, KnownMessage>> = {
  // Accounts and sessions
  'Authentication required': { key: 'errors:server.authenticationRequired' },
  'Invalid or expired token': { key: 'errors:server.tokenInvalid' },
  'This account does not belong to a family': { key: 'errors:server.noFamily' },
  'Only parents can do this': { key: 'errors:server.parentsOnly' },
  'You cannot deactivate your own account': { key: 'errors:server.ownAccount' },
  'This password reset link is not valid. Ask for a new one.': { key: 'errors:server.resetLinkInvalid' },
  'This password reset link has already been used. Ask for a new one.': { key: 'errors:server.resetLinkUsed' },
  'This password reset link has expired. Ask for a new one.': { key: 'errors:server.resetLinkExpired' },
  'This verification link is not valid. Ask for a new one.': { key: 'errors:server.verifyLinkInvalid' },
  'This verification link has already been used.': { key: 'errors:server.verifyLinkUsed' },
  'This verification link has expired. Ask for a new one.': { key: 'errors:server.verifyLinkExpired' },
  'Current password is required': { key: 'validation:currentPasswordRequired' },
  'Current password is incorrect': { key: 'errors:server.currentPasswordIncorrect' },
  // Two-factor sign-in
  'Code is required': { key: 'mfa:code.required' },
  'That code is not right': { key: 'mfa:server.codeWrong' },
  'Two-factor sign-in is required for platform administrators': { key: 'mfa:server.requiredForAdmins' },
  'Set up two-factor sign-in before using the console': { key: 'mfa:server.setupRequired' },
  // Fields (the same words the forms use for their own checks)
  'Email is required': { key: 'validation:emailRequired' },
  'Please enter a valid email address': { key: 'validation:emailInvalid' },
  'Please enter a valid phone number': { key: 'errors:server.phoneInvalid' },
  'Password is required': { key: 'validation:passwordRequired' },
  'Password must be at least 6 characters': { key: 'validation:passwordTooShort', values: { min: 6 } },
  'Password must be at most 128 characters': { key: 'errors:server.passwordTooLong' },
  'Passwords do not match': { key: 'validation:passwordsDoNotMatch' },
  'Name is required': { key: 'validation:nameRequired' },
  'First name is required': { key: 'validation:firstNameRequired' },
  'Last name is required': { key: 'validation:lastNameRequired' },
  'Family name is required': { key: 'validation:familyNameRequired' },
  'Category is required': { key: 'validation:categoryRequired' },
  'Child is required': { key: 'validation:childRequired' },
  'Amount is required': { key: 'validation:amount.amount.required' },
  'Amount must be greater than 0': { key: 'validation:amountPositive' },
  'Amount cannot be zero': { key: 'validation:amountZero' },
  'Amount must be a signed amount such as +10.00 or -5.50': { key: 'validation:amountNotSigned' },
  'Amount must be an amount in dollars and cents': { key: 'errors:server.amountCents' },
  'Please provide a reason for the balance adjustment': { key: 'validation:adjustmentReasonRequired' },
  'Base reward is required': { key: 'validation:amount.baseReward.required' },
  'Base reward cannot be negative': { key: 'validation:amount.baseReward.negative' },
  'Base reward must be at most 10000.00': { key: 'errors:server.baseRewardTooLarge' },
  'Base reward must be an amount in dollars and cents': { key: 'errors:server.baseRewardCents' },
  'Birthday reward must be 0 or more': { key: 'errors:server.birthdayRewardNegative' },
  'Birthday reward must be an amount in dollars and cents': { key: 'errors:server.birthdayRewardCents' },
  'Birthday reward must be at most 100000.00': { key: 'errors:server.birthdayRewardTooLarge' },
  'Birthday must be a date (YYYY-MM-DD)': { key: 'errors:server.birthdayFormat' },
  'Birthday cannot be in the future': { key: 'validation:birthdayInFuture' },
  'Ratings must be whole numbers from 1 to 10': { key: 'validation:ratingsInvalid' },
  'Unknown child': { key: 'errors:server.unknownChild' },
  // Chores, categories and submissions
  'A photo is required for this chore': { key: 'errors:server.photoRequired' },
  'Photo must be 10 MB or smaller': { key: 'errors:server.photoTooLarge' },
  'Photo must be a JPEG, PNG or WebP image': { key: 'errors:server.photoType' },
  'Photo must be 64 megapixels or smaller': { key: 'errors:server.photoTooManyPixels' },
  'The photo could not be read; it may be damaged or incomplete': { key: 'errors:server.photoUnreadable' },
  'The photo could not be stored. Please try again.': { key: 'errors:server.photoNotStored' },
  'Completion time cannot be in the future': { key: 'errors:server.completionInFuture' },
  'Completion time is required': { key: 'errors:server.completionRequired' },
  'Completion time must be a date and time': { key: 'errors:server.completionFormat' },
  'Chore is required': { key: 'errors:server.choreRequired' },
  'The chore is not available again yet': { key: 'errors:server.choreUnavailable' },
  // Who does a chore, and when
  'Each assigned child must be a child of this family': { key: 'errors:server.assignedNotInFamily' },
  'Each child can be assigned only once': { key: 'errors:server.assignedTwice' },
  'Choose at least two children to take turns': { key: 'validation:rotateNeedsTwo' },
  'Due days must be weekdays from 1 (Monday) to 7 (Sunday)': { key: 'errors:server.dueDaysRange' },
  'Each due day can be chosen only once': { key: 'errors:server.dueDaysTwice' },
  'Due time must be a time of day as HH:MM, from 00:00 to 23:59': { key: 'validation:dueTimeFormat' },
  'Choose the days a chore with a due time is due on': { key: 'validation:dueTimeNeedsDays' },
  'This child does not take turns at this chore': { key: 'errors:server.notInTurns' },
  "Only today's turn or a later one can be swapped": { key: 'errors:server.pastTurn' },
  'Completion time must be today': { key: 'errors:server.completionToday' },
  'Missed penalty cannot be negative': { key: 'validation:missedPenalty.negative' },
  'Missed penalty must be at most 10000.00': { key: 'validation:missedPenalty.tooLarge' },
  'Missed penalty must be an amount in dollars and cents': { key: 'errors:server.missedPenaltyCents' },
  'Choose the days a chore with a missed penalty is due on': { key: 'errors:server.missedPenaltyNeedsDays' },
  // Pauses
  'Start date is required': { key: 'common:pauses.errors.fromRequired' },
  'End date is required': { key: 'common:pauses.errors.toRequired' },
  'Date must be a date as YYYY-MM-DD': { key: 'common:pauses.errors.date' },
  'A pause cannot start in the past': { key: 'common:pauses.errors.past' },
  'A pause can start at most a year ahead': { key: 'common:pauses.errors.ahead' },
  'End date cannot be before the start date': { key: 'common:pauses.errors.order' },
  'A pause can last at most 366 days': { key: 'common:pauses.errors.tooLong', values: { days: 366 } },
  // Subjects and grades
  'Grade scale is required': { key: 'validation:gradeScaleRequired' },
  'Percentage is required': { key: 'errors:server.percentageRequired' },
  'Percentage must be a number from 0 to 100 with at most two decimals': { key: 'errors:server.percentageFormat' },
  'Percentage must be between 0 and 100, with at most two decimals': { key: 'errors:server.percentageRange' },
  'Percentage thresholds must go down from A to D': { key: 'errors:server.thresholdsOrder' },
  'Percentage thresholds must be between 0 and 100': { key: 'errors:server.thresholdsRange' },
  'Grade points must be between 0 and 5, in steps of 0.1': { key: 'errors:server.pointsRange' },
  'Grade must be one of A, B, C, D or F': { key: 'errors:server.gradeLetter' },
  'The subject is archived': { key: 'errors:server.subjectArchived' },
  // The family tablet
  'PIN is required': { key: 'errors:server.pinRequired' },
  'PIN must be exactly 4 digits': { key: 'errors:server.pinDigits' },
  'Tablet name is required': { key: 'errors:server.tabletNameRequired' },
  'That PIN is not right': { key: 'errors:server.pinWrong' },
  // Jars and the store
  'Choose a different jar to put into': { key: 'errors:server.jarSame' },
  'Choose children of your family': { key: 'errors:server.storeChildren' },
  'Choose the jar to put into': { key: 'errors:server.jarToRequired' },
  'Choose the jar to take from': { key: 'errors:server.jarFromRequired' },
  'Price is required': { key: 'errors:server.priceRequired' },
  'Price must be at most $10,000.00': { key: 'errors:server.priceTooLarge' },
  'Price must be greater than 0': { key: 'errors:server.pricePositive' },
  'The percentages must add up to 100': { key: 'errors:server.splitSum' },
  'Status is required': { key: 'errors:server.statusRequired' },
  'Status must be APPROVED or REJECTED': { key: 'errors:server.statusDecision' },
  // Savings goals and statements
  'Target is required': { key: 'errors:server.targetRequired' },
  'Target must be greater than 0': { key: 'errors:server.targetPositive' },
  'Target must be at most $10,000.00': { key: 'errors:server.targetTooLarge' },
  'Target must be an amount in dollars and cents': { key: 'errors:server.targetCents' },
  'From must be a date (YYYY-MM-DD)': { key: 'errors:server.fromInvalid' },
  'To must be a date (YYYY-MM-DD)': { key: 'errors:server.toInvalid' },
  'To must not be before From': { key: 'errors:server.toBeforeFrom' },
  // Webhooks
  'Choose at least one event': { key: 'errors:server.webhookEvents' },
  'This address could not be found': { key: 'errors:server.addressUnknown' },
  'This address points to a private network and cannot be used': { key: 'errors:server.addressPrivate' },
  'URL is not valid': { key: 'errors:server.urlInvalid' },
  'URL is required': { key: 'errors:server.urlRequired' },
  'URL must not contain a user name or password': { key: 'errors:server.urlCredentials' },
  'URL must start with http:// or https://': { key: 'errors:server.urlScheme' },
  // Notifications
  'Digest time must be a time of day such as 18:00': { key: 'errors:server.digestTime' },
  'Weekly summary day must be 1 (Monday) to 7 (Sunday)': { key: 'errors:server.weeklySummaryDay' },
  'Unknown notification kind': { key: 'errors:server.notificationKind' },
  'This kind of notification is not sent by email': { key: 'errors:server.notificationNoEmail' },
  'Limit must be between 1 and 100': { key: 'errors:server.notificationLimit' },
  'At most 100 notifications can be marked at once': { key: 'errors:server.notificationIds' },
  // Calendar feeds and turns
  'Turns can be swapped up to a year ahead': { key: 'errors:server.swapAhead' },
  // Values outside a list (sent by the API to callers other than the forms)
  'Age group must be CHILD, TWEEN, TEEN or YOUNG_ADULT': { key: 'errors:server.ageGroupValues' },
  'Expiry must be 1, 3, 7, 14 or 30 days': { key: 'errors:server.expiryValues' },
  'Frequency must be one of 0, 1, 2, 3, 7, 14 or 30 days': { key: 'errors:server.frequencyValues' },
  'Interface theme must be KIDS, TEEN or ADULT': { key: 'errors:server.themeValues' },
  'Plan must be FREE, PRO or ENTERPRISE': { key: 'errors:server.planValues' },
  'Reward type must be MONEY, SCREEN_TIME, POINTS or CUSTOM': { key: 'errors:server.rewardTypeValues' },
  'Role must be ORG_ADMIN or ORG_MEMBER': { key: 'errors:server.roleValues' },
  'Status must be PENDING, APPROVED or REJECTED': { key: 'errors:server.statusValues' },
  'Subscription status must be TRIAL, ACTIVE or CANCELED': { key: 'errors:server.subscriptionValues' },
  // Things not found, and the service
  'Not found': { key: 'errors:server.notFound' },
  'The service is temporarily unavailable. Please try again.': { key: 'errors:server.unavailable' },
  'Something went wrong. Please try again.': { key: 'errors:server.internal' },
  // Allowance and interest
  'Allowance must be 0 or more': { key: 'children:allowance.server.amountMin' },
  'Allowance must be at most $1000.00': { key: 'children:allowance.server.amountMax' },
  'Period must be WEEKLY or MONTHLY': { key: 'children:allowance.server.period' },
  "A weekly allowance's day must be a weekday from 1 (Monday) to 7 (Sunday)": { key: 'children:allowance.server.weekday' },
  "A monthly allowance's day must be a day of the month from 1 to 31": { key: 'children:allowance.server.monthDay' },
  'Minimum approved chores must be a whole number from 0 to 100': { key: 'children:allowance.server.minChores' },
  'Interest must be from 0 to 10 percent a month': { key: 'children:allowance.server.interestRange' },
  'Interest must be a percentage with at most two decimals': { key: 'children:allowance.server.interestDecimals' },
  'Interest is required': { key: 'children:allowance.server.interestRequired' },
  'Day must be from 1 to 31': { key: 'children:allowance.server.day' },
};

/** The labels the server names fields by, in "… must be at most 100 characters". */
const FIELD_LABELS: Readonly<Record<string, TranslationKey>> = {
  Name: 'errors:server.fields.name',
  'First name': 'errors:server.fields.firstName',
  'Last name': 'errors:server.fields.lastName',
  'Display name': 'errors:server.fields.displayName',
  'Family name': 'errors:server.fields.familyName',
  Teacher: 'errors:server.fields.teacher',
  Period: 'errors:server.fields.period',
  Notes: 'errors:server.fields.notes',
  Description: 'errors:server.fields.description',
  Emoji: 'errors:server.fields.emoji',
  Reason: 'errors:server.fields.reason',
  'Tablet name': 'errors:server.fields.tabletName',
};

/** The multipliers' labels, in "… multiplier must be between 0.1 and 5.0". */
const MULTIPLIER_LABELS: Readonly<Record<string, TranslationKey>> = {
  'Grade A': 'errors:server.multipliers.gradeA',
  'Grade B': 'errors:server.multipliers.gradeB',
  'Grade C': 'errors:server.multipliers.gradeC',
  'Grade D': 'errors:server.multipliers.gradeD',
  'Grade F': 'errors:server.multipliers.gradeF',
  'Excellent behaviour': 'errors:server.multipliers.behaviourExcellent',
  'Poor behaviour': 'errors:server.multipliers.behaviourPoor',
  '7-day streak': 'errors:server.multipliers.streak7',
  '30-day streak': 'errors:server.multipliers.streak30',
  '90-day streak': 'errors:server.multipliers.streak90',
};

/** A date as the server writes it ("March 5, 2025"), in the interface language. */
function serverDate(text: string): string {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return formatCalendarDate(iso, text);
}

type Pattern = readonly [RegExp, (match: string[]) => KnownMessage | null];

/** Texts that name a value: the value is kept (and shown the language's way), the words translated. */
const PATTERNS: readonly Pattern[] = [
  [
    /^(.+) must be at most (\d+) characters$/,
    ([, label = '', max]) => {
      const field = FIELD_LABELS[label];
      return field ? { key: 'errors:server.tooLong', values: { field: i18n.t(field), max } } : null;
    },
  ],
  [
    /^(.+) multiplier must be between 0\.1 and 5\.0$/,
    ([, label = '']) => {
      const name = MULTIPLIER_LABELS[label];
      return name ? { key: 'errors:server.multiplierRange', values: { label: i18n.t(name) } } : null;
    },
  ],
  [
    /^(.+)'s invitation has expired\. Delete and add them again for a new link\.$/,
    ([, name]) => ({ key: 'errors:server.invitationExpired', values: { name } }),
  ],
  [/^(.+) has already joined$/, ([, name]) => ({ key: 'errors:server.alreadyJoined', values: { name } })],
  [/^Unknown time zone: (.*)$/, ([, zone]) => ({ key: 'errors:server.unknownTimeZone', values: { zone } })],
  [
    /^This chore is not due on (.+)$/,
    ([, date = '']) => ({ key: 'errors:server.notDueOn', values: { date: serverDate(date) } }),
  ],
  [
    /^Stock must be a whole number from 0 to (\d+)$/,
    ([, max]) => ({ key: 'errors:server.stockRange', values: { max } }),
  ],
  [/^A statement covers at most (\d+) days$/, ([, days]) => ({ key: 'errors:server.statementSpan', values: { days } })],
  [
    /^The (\w+) service is unavailable\. Please try again\.$/,
    ([, service]) => ({ key: 'errors:server.serviceUnavailable', values: { service } }),
  ],
];

/** The translation a server text has, if it is one the server is known to send. */
export function knownMessage(text: string): KnownMessage | null {
  const exact = KNOWN_TEXTS[text];
  if (exact) return exact;
  for (const [pattern, toMessage] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return toMessage(match);
  }
  return null;
}

/**
 * A text the server sent, in the interface language: translated when it is
 * a known text, as sent otherwise. In English the server's words are shown
 * as they are.
 */
export function translateServerText(text: string): string {
  if (currentLanguage() === 'en') return text;
  const known = knownMessage(text.trim());
  return known ? i18n.t(known.key, known.values) : text;
}

/**
 * A refusal of the catalogue (proto/errors.toml) in the interface language,
 * from its code and the values its text names, each shown the language's way;
 * null for a code the catalogue does not have, or a value missing.
 */
export function refusalText(code: string, params: ApiErrorBody['params']): string | null {
  if (!Object.hasOwn(ERROR_PARAMS, code)) return null;
  const kinds: Readonly<Record<string, ErrorParamKind>> = ERROR_PARAMS[code as RefusalCode];
  const values: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = params?.[name];
    if (value === undefined) return null;
    values[name] = shown(kind, value);
  }
  return i18n.t(`codes:${code as RefusalCode}`, values);
}

/** A refusal's value as the interface shows it. */
function shown(kind: ErrorParamKind, value: string | number): string | number {
  switch (kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'date':
      return formatCalendarDate(String(value), String(value));
    case 'jar':
      return i18n.t(`common:jars.${String(value) as 'SPEND' | 'SAVE' | 'GIVE'}`);
    case 'count':
    case 'text':
      return value;
  }
}

/**
 * What a failure's body says, in the interface language: by its code when
 * it is a refusal of the catalogue (`code` with its `params`, or an `error`
 * that is a code rather than words), else by its text (`message`, then
 * `error`); null when it says nothing.
 */
export function serverErrorText(body: ApiErrorBody): string | null {
  const refusal =
    (body.code ? refusalText(body.code, body.params) : null) ??
    (body.error ? refusalText(body.error.trim(), undefined) : null);
  if (refusal !== null) return refusal;
  const text = body.message?.trim() || body.error?.trim() || null;
  return text === null ? null : translateServerText(text);
}
