import type { Organization } from '../types';
import { api } from '@/lib/api-client';

/** Suspends a family: none of its users can log in until it is activated again. */
export function deactivateOrganization(id: string): Promise<Organization> {
  return api.patch<Organization>(`/admin/organizations/${encodeURIComponent(id)}/deactivate`);
}
