import type { ChoreInput } from '../api/create-chore';
import { DEFAULT_FREQUENCY_DAYS, FREQUENCY_DAYS } from './frequency';
import { i18n } from '@/lib/i18n';
import { choiceOf, isBlank, toAmount, validateAmount, type FieldErrors } from '@/lib/validation';
import type { Chore } from '@/types/api';

/** The Add Chore and Edit Chore form, as typed. */
export interface ChoreFormValues {
  name: string;
  description: string;
  baseReward: string;
  categoryId: string;
  frequencyDays: string;
  requiresPhoto: boolean;
}

export function choreFormOf(chore: Chore | null): ChoreFormValues {
  if (!chore) {
    return {
      name: '',
      description: '',
      baseReward: '',
      categoryId: '',
      frequencyDays: String(DEFAULT_FREQUENCY_DAYS),
      requiresPhoto: false,
    };
  }
  return {
    name: chore.name,
    description: chore.description ?? '',
    baseReward: chore.baseReward.toFixed(2),
    categoryId: chore.categoryId,
    frequencyDays: String(chore.frequencyDays),
    requiresPhoto: chore.requiresPhoto,
  };
}

/** Name, category and base reward required (spec §5); frequency one of the offered choices. */
export function validateChore(values: ChoreFormValues): FieldErrors<keyof ChoreFormValues> {
  return {
    name: isBlank(values.name) ? i18n.t('validation:nameRequired') : undefined,
    categoryId: isBlank(values.categoryId) ? i18n.t('validation:categoryRequired') : undefined,
    baseReward: validateAmount(values.baseReward, 'baseReward'),
    frequencyDays: FREQUENCY_DAYS.map(String).includes(values.frequencyDays)
      ? undefined
      : i18n.t('validation:frequencyRequired'),
  };
}

export function toChoreInput(values: ChoreFormValues): ChoreInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    baseReward: toAmount(values.baseReward),
    categoryId: values.categoryId,
    frequencyDays: choiceOf(values.frequencyDays, FREQUENCY_DAYS),
    requiresPhoto: values.requiresPhoto,
  };
}
