import type { Organization } from '../types';
import { api } from '@/lib/api-client';

/** Moves a family to the PRO plan with an active subscription. */
export function upgradeOrganization(id: string): Promise<Organization> {
  return api.patch<Organization>(`/admin/organizations/${encodeURIComponent(id)}/plan`, {
    plan: 'PRO',
    subscriptionStatus: 'ACTIVE',
  });
}
