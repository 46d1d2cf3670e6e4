import type { OrganizationDetail } from '../types';
import { api } from '@/lib/api-client';

export function getOrganization(id: string): Promise<OrganizationDetail> {
  return api.get<OrganizationDetail>(`/admin/organizations/${encodeURIComponent(id)}`);
}
