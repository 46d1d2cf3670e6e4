import type { PlatformStats } from '../types';
import { DataTable } from './data-table';
import { OrganizationCells } from './organization-parts';
import { Card, EmptyState, StatCard } from '@/components/ui';
import { CheckCircleIcon, ClockIcon, StarIcon, UsersIcon } from '@/components/ui/icons';
import { formatDate } from '@/utils/format';

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
          <DataTable label="Recent organizations" columns={['Name', 'Slug', 'Plan', 'Created']}>
            {recentOrganizations.map((organization) => (
              <tr key={organization.id}>
                <OrganizationCells organization={organization} />
                <td>{formatDate(organization.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </div>
  );
}
