import { useTranslation } from 'react-i18next';

import type { OrganizationDetail } from '../types';
import { organizationStatus, subscriptionStatusLabel } from './organization-parts';
import { UsersTable } from './users-table';
import { DetailsList, Dialog, StatCard } from '@/components/ui';
import { i18n } from '@/lib/i18n';
import { formatDate } from '@/utils/format';

/** The status the table's badge shows; a suspended family's subscription status after it. */
function statusText(organization: OrganizationDetail): string {
  const { label } = organizationStatus(organization);
  return organization.isActive
    ? label
    : i18n.t('admin:statuses.withSubscription', {
        status: label,
        subscription: subscriptionStatusLabel(organization.subscriptionStatus),
      });
}

export interface OrganizationDialogProps {
  organization: OrganizationDetail;
  onClose: () => void;
}

/**
 * One family's details: plan, status, trial end, counts and its users.
 * Children are private: only how many there are is shown.
 */
export function OrganizationDialog({ organization, onClose }: OrganizationDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open onClose={onClose} title={organization.name} size="lg">
      <div className="form">
        <DetailsList
          items={[
            [t('organization.slug'), organization.slug],
            [t('organization.plan'), organization.plan],
            [t('organization.status'), statusText(organization)],
            [t('organization.trialEnds'), formatDate(organization.trialEndsAt, t('organization.notApplicable'))],
            [t('organization.created'), formatDate(organization.createdAt)],
          ]}
        />
        <div className="stat-grid stat-grid--3">
          <StatCard label={t('organization.users')} value={organization.userCount} />
          <StatCard label={t('organization.children')} value={organization.childCount} />
          <StatCard label={t('organization.chores')} value={organization.choreCount} />
        </div>
        <h3 className="section-title">{t('organization.users')}</h3>
        <UsersTable
          users={organization.users}
          label={t('organization.usersOf', { name: organization.name })}
          withinOrganization
        />
        <p className="muted small">{t('organization.privacy', { count: organization.childCount })}</p>
      </div>
    </Dialog>
  );
}
