import { useMutation, useQueryClient } from '@tanstack/react-query';

import { CATEGORY_CHANGES } from '@/api/create-category';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';

/** Refused (409) while the category still has active chores. */
export function deleteCategory(id: string): Promise<void> {
  return api.delete<void>(`/categories/${encodeURIComponent(id)}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidate(queryClient, CATEGORY_CHANGES) });
}
