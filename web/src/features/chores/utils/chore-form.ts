import type { ChoreInput } from '../api/create-chore';
import { DEFAULT_FREQUENCY_DAYS, FREQUENCY_DAYS } from './frequency';
import { i18n } from '@/lib/i18n';
import { choiceOf, isBlank, toAmount, validateAmount, type FieldErrors } from '@/lib/validation';
import type { AssignmentMode, Chore, IsoWeekday } from '@/types/api';

/** The Add Chore and Edit Chore form, as typed. */
export interface ChoreFormValues {
  name: string;
  description: string;
  baseReward: string;
  categoryId: string;
  frequencyDays: string;
  requiresPhoto: boolean;
  /** In turn order; empty for every child. */
  assignedChildIds: string[];
  assignmentMode: AssignmentMode;
  /** ISO weekdays, 1 Monday … 7 Sunday; empty when unscheduled. */
  dueDays: IsoWeekday[];
  /** HH:MM, or empty for the end of the day. */
  dueTime: string;
  /** Dollars taken when a due day ends with nothing sent; empty for none. Only with due days. */
  missedPenalty: string;
}

export const ASSIGNMENT_MODES = ['EACH', 'ROTATE', 'FIRST_COME'] as const satisfies readonly AssignmentMode[];

/** Monday first, as ISO numbers them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly IsoWeekday[];

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The largest missed penalty the server takes, in dollars (as a reward). */
export const MAX_MISSED_PENALTY = 10000;

export function choreFormOf(chore: Chore | null): ChoreFormValues {
  if (!chore) {
    return {
      name: '',
      description: '',
      baseReward: '',
      categoryId: '',
      frequencyDays: String(DEFAULT_FREQUENCY_DAYS),
      requiresPhoto: false,
      assignedChildIds: [],
      assignmentMode: 'EACH',
      dueDays: [],
      dueTime: '',
      missedPenalty: '',
    };
  }
  return {
    name: chore.name,
    description: chore.description ?? '',
    baseReward: chore.baseReward.toFixed(2),
    categoryId: chore.categoryId,
    frequencyDays: String(chore.frequencyDays),
    requiresPhoto: chore.requiresPhoto,
    // PUT replaces the whole chore: what it has now is sent back unless changed.
    assignedChildIds: [...(chore.assignedChildIds ?? [])],
    assignmentMode: chore.assignmentMode ?? 'EACH',
    dueDays: (chore.dueDays ?? []).filter((day) => (WEEKDAYS as readonly number[]).includes(day)),
    dueTime: chore.dueTime ?? '',
    missedPenalty: chore.missedPenalty > 0 ? chore.missedPenalty.toFixed(2) : '',
  };
}

/**
 * The missed penalty as the server checks it: optional (none is 0), a plain
 * number, not negative, whole cents, at most 10000.00.
 */
function validatePenalty(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return i18n.t('validation:missedPenalty.notNumber');
  if (Number(text) < 0) return i18n.t('validation:missedPenalty.negative');
  if ((text.split('.')[1] ?? '').replace(/0+$/, '').length > 2) return i18n.t('validation:missedPenalty.decimals');
  if (Number(text) > MAX_MISSED_PENALTY) return i18n.t('validation:missedPenalty.tooLarge');
  return undefined;
}

/**
 * Name, category and base reward required (spec §5); frequency one of the
 * offered choices; turns need two children and a due time needs due days, as
 * the server says. The missed penalty is checked only with due days: without
 * them it is not shown, and 0 is sent.
 */
export function validateChore(values: ChoreFormValues): FieldErrors<keyof ChoreFormValues> {
  const dueTime = values.dueTime.trim();
  return {
    name: isBlank(values.name) ? i18n.t('validation:nameRequired') : undefined,
    categoryId: isBlank(values.categoryId) ? i18n.t('validation:categoryRequired') : undefined,
    baseReward: validateAmount(values.baseReward, 'baseReward'),
    frequencyDays: FREQUENCY_DAYS.map(String).includes(values.frequencyDays)
      ? undefined
      : i18n.t('validation:frequencyRequired'),
    assignedChildIds:
      values.assignmentMode === 'ROTATE' && values.assignedChildIds.length < 2
        ? i18n.t('validation:rotateNeedsTwo')
        : undefined,
    // A time without days is due every day (the server keeps it so).
    dueTime: dueTime && !TIME_OF_DAY.test(dueTime) ? i18n.t('validation:dueTimeFormat') : undefined,
    missedPenalty: values.dueDays.length > 0 ? validatePenalty(values.missedPenalty) : undefined,
  };
}

/**
 * The whole chore as PUT and POST take it: the schedule and penalty are always
 * sent, so an edit keeps them (a chore without due days has no penalty: 0).
 */
export function toChoreInput(values: ChoreFormValues): ChoreInput {
  const dueTime = values.dueTime.trim();
  const penalty = values.missedPenalty.trim();
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    baseReward: toAmount(values.baseReward),
    categoryId: values.categoryId,
    frequencyDays: choiceOf(values.frequencyDays, FREQUENCY_DAYS),
    requiresPhoto: values.requiresPhoto,
    assignedChildIds: [...values.assignedChildIds],
    assignmentMode: values.assignmentMode,
    dueDays: [...values.dueDays].sort((a, b) => a - b),
    dueTime: dueTime || null,
    missedPenalty: values.dueDays.length > 0 && penalty ? toAmount(penalty) : 0,
  };
}
