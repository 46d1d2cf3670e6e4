import type { Organization, SubscriptionStatus } from '../types';
import type { DataColumn } from '@/components/ui';
import { i18n } from '@/lib/i18n';
import type { Plan } from '@/types/api';
import { cn } from '@/utils/cn';

const STATUS_TONE: Record<SubscriptionStatus, string> = {
  ACTIVE: 'badge--success',
  TRIAL: 'badge--warning',
  CANCELED: 'badge--danger',
};

/** The plan's name (FREE, PRO, ENTERPRISE) is the product's in every language. */
export function PlanBadge({ plan }: { plan: Plan }) {
  return <span className={cn('badge', plan !== 'FREE' && 'badge--success')}>{plan}</span>;
}

/** ACTIVE, TRIAL, CANCELED in English; the language's words otherwise. */
export function subscriptionStatusLabel(status: SubscriptionStatus): string {
  return i18n.t(`admin:statuses.${status}`);
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
    ? { label: subscriptionStatusLabel(subscriptionStatus), tone: STATUS_TONE[subscriptionStatus] }
    : { label: i18n.t('admin:statuses.SUSPENDED'), tone: 'badge--danger' };
}

export function StatusBadge({ organization }: { organization: Organization }) {
  const { label, tone } = organizationStatus(organization);
  return <span className={cn('badge', tone)}>{label}</span>;
}

/** The first columns of a family's row: name, slug and plan. */
export function organizationColumns(): ReadonlyArray<DataColumn<Organization>> {
  return [
    { label: i18n.t('admin:columns.name'), cell: (organization) => organization.name },
    { label: i18n.t('admin:columns.slug'), cell: (organization) => <code className="code">{organization.slug}</code> },
    { label: i18n.t('admin:columns.plan'), cell: (organization) => <PlanBadge plan={organization.plan} /> },
  ];
}
