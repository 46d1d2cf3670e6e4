import type { Organization } from '../types';
import { api } from '@/lib/api-client';

export function activateOrganization(id: string): Promise<Organization> {
  return api.patch<Organization>(`/admin/organizations/${encodeURIComponent(id)}/activate`);
}
