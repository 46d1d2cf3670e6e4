import type { OrganizationDetail } from '../types';
import { organizationStatus } from './organization-parts';
import { UsersTable } from './users-table';
import { DetailsList, Dialog, StatCard } from '@/components/ui';
import { formatDate } from '@/utils/format';

/** The status the table's badge shows; a suspended family's subscription status after it. */
function statusText(organization: OrganizationDetail): string {
  const { label } = organizationStatus(organization);
  return organization.isActive ? label : `${label} (subscription ${organization.subscriptionStatus})`;
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
  return (
    <Dialog open onClose={onClose} title={organization.name} size="lg">
      <div className="form">
        <DetailsList
          items={[
            ['Slug', organization.slug],
            ['Plan', organization.plan],
            ['Status', statusText(organization)],
            ['Trial Ends', formatDate(organization.trialEndsAt, 'N/A')],
            ['Created', formatDate(organization.createdAt)],
          ]}
        />
        <div className="stat-grid stat-grid--3">
          <StatCard label="Users" value={organization.userCount} />
          <StatCard label="Children" value={organization.childCount} />
          <StatCard label="Chores" value={organization.choreCount} />
        </div>
        <h3 className="section-title">Users</h3>
        <UsersTable users={organization.users} label={`Users of ${organization.name}`} withinOrganization />
        <p className="muted small">
          Children&apos;s details are private: only the number of children ({organization.childCount}) is shown.
        </p>
      </div>
    </Dialog>
  );
}
