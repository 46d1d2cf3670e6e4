import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Category } from '../types';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { components } from '@/types/schema';

export type CategoryInput = components['schemas']['CategoryBody'];

export function createCategory(input: CategoryInput): Promise<Category> {
  return api.post<Category>('/categories', input);
}

/** A category's change shows in the categories and in the chores that name it. */
export const CATEGORY_CHANGES = [queryKeys.categories, queryKeys.chores];

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidate(queryClient, CATEGORY_CHANGES) });
}
