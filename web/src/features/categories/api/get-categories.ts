import type { Category } from '../types';
import { api } from '@/lib/api-client';

/** The family's categories, sorted by name. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[]>('/categories', { signal });
}
