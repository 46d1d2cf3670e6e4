import type { Goal, GoalInput } from '@/api/goals';
import { i18n } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';

export interface GoalValues {
  name: string;
  target: string;
  emoji: string;
}

export function goalValues(goal: Goal | null): GoalValues {
  if (!goal) return { name: '', target: '', emoji: '' };
  return { name: goal.name, target: String(goal.target), emoji: goal.emoji };
}

/** What the form checks before sending (the server checks again, in its words). */
export function validateGoal(values: GoalValues): FieldErrors<keyof GoalValues> {
  const errors: FieldErrors<keyof GoalValues> = {};
  if (!values.name.trim()) errors.name = i18n.t('common:goals.dialog.nameRequired');
  const target = Number(values.target);
  if (!values.target.trim() || !Number.isFinite(target) || target <= 0 || Math.round(target * 100) !== target * 100) {
    errors.target = i18n.t('common:goals.dialog.targetInvalid');
  }
  return errors;
}

export function toGoalInput(values: GoalValues): GoalInput {
  return { name: values.name.trim(), target: Number(values.target), emoji: values.emoji.trim() || null };
}
