import type { Organization, SubscriptionStatus } from '../types';
import type { DataColumn } from '@/components/ui';
import type { Plan } from '@/types/api';
import { cn } from '@/utils/cn';

const STATUS_TONE: Record<SubscriptionStatus, string> = {
  ACTIVE: 'badge--success',
  TRIAL: 'badge--warning',
  CANCELED: 'badge--danger',
};

export function PlanBadge({ plan }: { plan: Plan }) {
  return <span className={cn('badge', plan !== 'FREE' && 'badge--success')}>{plan}</span>;
}

/**
 * One truthful status: Suspended while the family is deactivated (its
 * subscription status then says nothing about whether anyone can log in),
 * the subscription status otherwise.
 */
export function organizationStatus({
  isActive,
  subscriptionStatus,
}: Pick<Organization, 'isActive' | 'subscriptionStatus'>) {
  return isActive
    ? { label: subscriptionStatus, tone: STATUS_TONE[subscriptionStatus] }
    : { label: 'Suspended', tone: 'badge--danger' };
}

export function StatusBadge({ organization }: { organization: Organization }) {
  const { label, tone } = organizationStatus(organization);
  return <span className={cn('badge', tone)}>{label}</span>;
}

/** The first columns of a family's row: name, slug and plan. */
export const ORGANIZATION_COLUMNS: ReadonlyArray<DataColumn<Organization>> = [
  { label: 'Name', cell: (organization) => organization.name },
  { label: 'Slug', cell: (organization) => <code className="code">{organization.slug}</code> },
  { label: 'Plan', cell: (organization) => <PlanBadge plan={organization.plan} /> },
];
