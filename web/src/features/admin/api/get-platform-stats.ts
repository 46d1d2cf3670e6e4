import type { PlatformStats } from '../types';
import { api } from '@/lib/api-client';

export function getPlatformStats(signal?: AbortSignal): Promise<PlatformStats> {
  return api.get<PlatformStats>('/admin/stats', { signal });
}
