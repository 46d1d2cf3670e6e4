import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Category } from '../types';
import { CATEGORY_CHANGES, type CategoryInput } from '@/api/create-category';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';

export function updateCategory(id: string, input: CategoryInput): Promise<Category> {
  return api.put<Category>(`/categories/${encodeURIComponent(id)}`, input);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CategoryInput }) => updateCategory(id, input),
    onSuccess: () => invalidate(queryClient, CATEGORY_CHANGES),
  });
}
