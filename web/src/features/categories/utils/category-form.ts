import type { CategoryInput } from '../api/create-category';
import type { Category } from '../types';
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
  return { name: isBlank(values.name) ? 'Name is required' : undefined };
}

export function toCategoryInput(values: CategoryFormValues): CategoryInput {
  return { name: values.name.trim(), description: values.description.trim() };
}

export function choreCountText(count: number): string {
  return count === 1 ? '1 chore' : `${count} chores`;
}
