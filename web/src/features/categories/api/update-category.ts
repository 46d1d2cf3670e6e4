import type { Category } from '../types';
import type { CategoryInput } from './create-category';
import { api } from '@/lib/api-client';

export function updateCategory(id: string, input: CategoryInput): Promise<Category> {
  return api.put<Category>(`/categories/${encodeURIComponent(id)}`, input);
}
