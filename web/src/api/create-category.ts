import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category } from '@/types/api';
import type { components } from '@/types/schema';

export type CategoryInput = components['schemas']['CategoryBody'];

export function createCategory(input: CategoryInput): Promise<Category> {
  return api.post<Category>('/categories', input);
}

/** A category's change shows in the categories and in the chores that name it. */
export const CATEGORY_CHANGES = [queryKeys.categories, queryKeys.chores];

/** A new category: from Categories, or made inside the chore form. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidate(queryClient, CATEGORY_CHANGES) });
}
