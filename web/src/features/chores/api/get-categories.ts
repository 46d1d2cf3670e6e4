import { api } from '@/lib/api-client';
import type { CategoryRef } from '@/types/api';

/** The family's categories to choose from (only id and name are read here). */
export function getCategories(signal?: AbortSignal): Promise<CategoryRef[]> {
  return api.get<CategoryRef[]>('/categories', { signal });
}
