import type { Organization } from '../types';
import { api } from '@/lib/api-client';

export function getOrganization(signal?: AbortSignal): Promise<Organization> {
  return api.get<Organization>('/organizations/current', { signal });
}
