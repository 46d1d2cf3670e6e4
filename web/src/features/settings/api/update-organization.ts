import type { Organization } from '../types';
import { api } from '@/lib/api-client';

export interface UpdateOrganizationInput {
  name: string;
  timeZone: string;
}

export function updateOrganization(input: UpdateOrganizationInput): Promise<Organization> {
  return api.put<Organization>('/organizations/current', input);
}
