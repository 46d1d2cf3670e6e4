import type { MultiplierSettings } from '../types';
import { api } from '@/lib/api-client';

/** Refused (400) when a value is outside 0.1-5.0. */
export function updateMultipliers(input: MultiplierSettings): Promise<MultiplierSettings> {
  return api.put<MultiplierSettings>('/multipliers', input);
}
