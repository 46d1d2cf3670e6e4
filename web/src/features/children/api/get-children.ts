import type { Child } from '../types';
import { api } from '@/lib/api-client';

export function getChildren(signal?: AbortSignal): Promise<Child[]> {
  return api.get<Child[]>('/children', { signal });
}
