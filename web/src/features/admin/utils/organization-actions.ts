import { useMutation, useQueryClient } from '@tanstack/react-query';

import { activateOrganization } from '../api/activate-organization';
import { deactivateOrganization } from '../api/deactivate-organization';
import { upgradeOrganization } from '../api/upgrade-organization';
import type { Organization } from '../types';
import { invalidate } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export type OrganizationActionKey = 'upgrade' | 'suspend' | 'activate';

export interface OrganizationAction {
  key: OrganizationActionKey;
  /** The button's text. */
  label: string;
  variant: 'primary' | 'danger-quiet' | 'secondary';
  /** Asked before anything is sent. */
  confirmation: (organization: Organization) => string;
  call: (id: string) => Promise<unknown>;
  /** The alert after it worked (spec §8). */
  success: string;
  /** The alert when it failed and the server gives no text (spec §8). */
  fallback: string;
}

export const ORGANIZATION_ACTIONS: Record<OrganizationActionKey, OrganizationAction> = {
  upgrade: {
    key: 'upgrade',
    label: 'Upgrade',
    variant: 'primary',
    confirmation: ({ name }) => `Upgrade ${name} to the PRO plan with an active subscription?`,
    call: upgradeOrganization,
    success: 'Organization upgraded to PRO!',
    fallback: 'Failed to upgrade organization',
  },
  suspend: {
    key: 'suspend',
    label: 'Suspend',
    variant: 'danger-quiet',
    confirmation: ({ name }) => `Suspend ${name}? All of its users will be deactivated and unable to log in.`,
    call: deactivateOrganization,
    success: 'Organization deactivated',
    fallback: 'Failed to deactivate organization',
  },
  activate: {
    key: 'activate',
    label: 'Activate',
    variant: 'secondary',
    confirmation: ({ name }) => `Activate ${name}? Its users will be able to log in again.`,
    call: activateOrganization,
    success: 'Organization activated',
    fallback: 'Failed to activate organization',
  },
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
