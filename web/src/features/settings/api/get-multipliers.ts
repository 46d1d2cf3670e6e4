import type { MultiplierSettings } from '../types';
import { api } from '@/lib/api-client';

export function getMultipliers(signal?: AbortSignal): Promise<MultiplierSettings> {
  return api.get<MultiplierSettings>('/multipliers', { signal });
}
