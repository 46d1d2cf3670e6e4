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

/** The subscription status, and Suspended when the family is deactivated. */
export function StatusBadges({ organization }: { organization: Organization }) {
  return (
    <span className="admin-badges">
      <span className={cn('badge', STATUS_TONE[organization.subscriptionStatus])}>
        {organization.subscriptionStatus}
      </span>
      {!organization.isActive && <span className="badge badge--danger">Suspended</span>}
    </span>
  );
}

/** The first columns of a family's row: name, slug and plan. */
export const ORGANIZATION_COLUMNS: ReadonlyArray<DataColumn<Organization>> = [
  { label: 'Name', cell: (organization) => organization.name },
  { label: 'Slug', cell: (organization) => <code className="code">{organization.slug}</code> },
  { label: 'Plan', cell: (organization) => <PlanBadge plan={organization.plan} /> },
];
