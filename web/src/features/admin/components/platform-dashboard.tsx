import type { Organization, PlatformStats } from '../types';
import { ORGANIZATION_COLUMNS } from './organization-parts';
import { Card, DataTable, EmptyState, StatCard, type DataColumn } from '@/components/ui';
import { CheckCircleIcon, ClockIcon, StarIcon, UsersIcon } from '@/components/ui/icons';
import { formatDate } from '@/utils/format';

const RECENT_COLUMNS: ReadonlyArray<DataColumn<Organization>> = [
  ...ORGANIZATION_COLUMNS,
  { label: 'Created', cell: (organization) => formatDate(organization.createdAt) },
];

/** Platform totals, how families spread over plans, and the newest families. */
export function PlatformDashboard({ stats }: { stats: PlatformStats }) {
  const { totals, organizations, recentOrganizations } = stats;
  return (
    <div className="admin-tab">
      <section className="stat-grid" aria-label="Totals">
        <StatCard label="Organizations" value={totals.organizations} tone="accent" icon={<StarIcon />} />
        <StatCard label="Users" value={totals.users} icon={<UsersIcon />} />
        <StatCard label="Children" value={totals.children} icon={<UsersIcon />} />
        <StatCard label="Chores" value={totals.chores} icon={<CheckCircleIcon />} />
      </section>

      <Card title="Plan Distribution" aria-label="Plan distribution">
        <div className="stat-grid">
          <StatCard label="Active" value={organizations.active} tone="success" icon={<CheckCircleIcon />} />
          <StatCard label="Trial" value={organizations.trial} tone="warning" icon={<ClockIcon />} />
          <StatCard label="Pro" value={organizations.pro} tone="accent" icon={<StarIcon />} />
          <StatCard label="Free" value={organizations.free} icon={<UsersIcon />} />
        </div>
      </Card>

      <Card title="Recent Organizations">
        {recentOrganizations.length === 0 ? (
          <EmptyState>No organizations yet.</EmptyState>
        ) : (
          <DataTable
            label="Recent organizations"
            columns={RECENT_COLUMNS}
            rows={recentOrganizations}
            rowKey={(organization) => organization.id}
          />
        )}
      </Card>
    </div>
  );
}
