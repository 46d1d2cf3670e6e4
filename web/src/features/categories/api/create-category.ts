import type { Category } from '../types';
import { api } from '@/lib/api-client';

export interface CategoryInput {
  name: string;
  description: string;
}

export function createCategory(input: CategoryInput): Promise<Category> {
  return api.post<Category>('/categories', input);
}
