import type { CategoryInput } from '@/api/create-category';
import type { Category } from '../types';
import { i18n } from '@/lib/i18n';
import { isBlank, type FieldErrors } from '@/lib/validation';

export interface CategoryFormValues {
  name: string;
  description: string;
}

export function categoryFormOf(category: Category | null): CategoryFormValues {
  return { name: category?.name ?? '', description: category?.description ?? '' };
}

/** Only the name is required. */
export function validateCategory(values: CategoryFormValues): FieldErrors<keyof CategoryFormValues> {
  return { name: isBlank(values.name) ? i18n.t('validation:nameRequired') : undefined };
}

export function toCategoryInput(values: CategoryFormValues): CategoryInput {
  return { name: values.name.trim(), description: values.description.trim() };
}

/** "1 chore", "3 chores". */
export function choreCountText(count: number): string {
  return i18n.t('categories:choreCount', { count });
}
