import type { Child } from '../types';
import { api } from '@/lib/api-client';

export interface RatingsInput {
  honestyRating: number;
  respectRating: number;
  rulesRating: number;
}

export function updateRatings(id: string, input: RatingsInput): Promise<Child> {
  return api.put<Child>(`/children/${encodeURIComponent(id)}/ratings`, input);
}
