import { api } from '@/lib/api-client';

/**
 * The answer's shape depends on the caller's role (parent or child), so it is
 * returned as is and normalized by the screen that reads it.
 */
export function getDashboardStats(signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>('/dashboard/stats', { signal });
}
