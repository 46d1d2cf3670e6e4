import { i18n } from '@/lib/i18n';
import type { AssignmentMode } from '@/types/api';
import { formatNames, formatTimeOfDay, formatWeekday } from '@/utils/format';

/** What decides who does a chore and when, as a chore or the chore form has it. */
export interface ChoreSchedule {
  assignedChildIds: readonly string[];
  assignmentMode: AssignmentMode;
  dueDays: readonly number[];
  dueTime?: string | null;
  frequencyDays: number;
}

/** "each day", "each due day", "each week", "every 3 days": one period of turns or of first come. */
export function periodText(schedule: Pick<ChoreSchedule, 'dueDays' | 'frequencyDays'>): string {
  if (schedule.dueDays.length > 0) return i18n.t('chores:schedule.period.dueDay');
  const days = schedule.frequencyDays;
  if (days <= 1) return i18n.t('chores:schedule.period.day');
  if (days === 7) return i18n.t('chores:schedule.period.week');
  return i18n.t('chores:schedule.period.days', { count: days });
}

/**
 * Who does the chore, in plain words: "Every child can do it.", "Lily and Max
 * take turns, one each day." `nameOf` names a child by id (unknown ids are
 * left out).
 */
export function assignmentText(schedule: ChoreSchedule, nameOf: (id: string) => string | undefined): string {
  const names = schedule.assignedChildIds.map(nameOf).filter((name): name is string => Boolean(name));
  const period = periodText(schedule);
  const who = names.length > 0 ? formatNames(names) : null;
  switch (schedule.assignmentMode) {
    case 'ROTATE':
      return names.length >= 2
        ? i18n.t('chores:schedule.mode.rotate', { names: who, period })
        : i18n.t('chores:schedule.mode.rotateChoose');
    case 'FIRST_COME':
      return who
        ? i18n.t('chores:schedule.mode.firstCome', { names: who, period })
        : i18n.t('chores:schedule.mode.firstComeAll', { period });
    default:
      return who
        ? i18n.t('chores:schedule.mode.each', { names: who, count: names.length })
        : i18n.t('chores:schedule.mode.everyone');
  }
}

/** When it is due: "Mon, Wed, Fri by 9:00 AM", "Sat, Sun"; null for a chore without due days. */
export function dueText(schedule: Pick<ChoreSchedule, 'dueDays' | 'dueTime'>): string | null {
  if (schedule.dueDays.length === 0) return null;
  const days =
    schedule.dueDays.length === 7
      ? i18n.t('chores:schedule.everyDay')
      : [...schedule.dueDays].sort((a, b) => a - b).map((day) => formatWeekday(day)).join(', ');
  return schedule.dueTime
    ? i18n.t('chores:schedule.dueBy', { days, time: formatTimeOfDay(schedule.dueTime) })
    : days;
}
