import type { PayoutChild } from '../types';
import { api } from '@/lib/api-client';

/** The family's children to pay, with their balances (parents only). */
export function getChildren(signal?: AbortSignal): Promise<PayoutChild[]> {
  return api.get<PayoutChild[]>('/children', { signal });
}
