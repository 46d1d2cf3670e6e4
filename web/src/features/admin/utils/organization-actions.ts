import { useMutation, useQueryClient } from '@tanstack/react-query';

import { activateOrganization } from '../api/activate-organization';
import { deactivateOrganization } from '../api/deactivate-organization';
import { upgradeOrganization } from '../api/upgrade-organization';
import type { Organization } from '../types';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export type OrganizationActionKey = 'upgrade' | 'suspend' | 'activate';

/**
 * An action on a family. Its words are admin:actions.<key>: the button's
 * label, the confirmation asked before anything is sent and the alert after
 * it worked (spec §8); `fallback` is the alert when it failed and the server
 * gives no text.
 */
export interface OrganizationAction {
  key: OrganizationActionKey;
  variant: 'primary' | 'danger-quiet' | 'secondary';
  call: (id: string) => Promise<unknown>;
  fallback: 'upgradeOrganization' | 'deactivateOrganization' | 'activateOrganization';
}

export const ORGANIZATION_ACTIONS: Record<OrganizationActionKey, OrganizationAction> = {
  upgrade: { key: 'upgrade', variant: 'primary', call: upgradeOrganization, fallback: 'upgradeOrganization' },
  suspend: { key: 'suspend', variant: 'danger-quiet', call: deactivateOrganization, fallback: 'deactivateOrganization' },
  activate: { key: 'activate', variant: 'secondary', call: activateOrganization, fallback: 'activateOrganization' },
};

/** A family can be suspended while it is active on a trial or a paid subscription. */
export function canSuspend(organization: Organization): boolean {
  return (
    organization.isActive &&
    (organization.subscriptionStatus === 'ACTIVE' || organization.subscriptionStatus === 'TRIAL')
  );
}

/** What the Organizations table offers for a family: Upgrade (FREE only), then Suspend or Activate. */
export function actionsFor(organization: Organization): OrganizationAction[] {
  const actions: OrganizationAction[] = [];
  if (organization.plan === 'FREE') actions.push(ORGANIZATION_ACTIONS.upgrade);
  actions.push(canSuspend(organization) ? ORGANIZATION_ACTIONS.suspend : ORGANIZATION_ACTIONS.activate);
  return actions;
}

/** Runs an action on a family; the console's stats and lists are loaded again after it. */
export function useOrganizationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: OrganizationAction; id: string }) => action.call(id),
    onSuccess: () => invalidate(queryClient, [queryKeys.admin.all]),
  });
}
