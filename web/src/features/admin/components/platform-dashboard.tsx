import { useTranslation } from 'react-i18next';

import type { Organization, PlatformStats } from '../types';
import { organizationColumns } from './organization-parts';
import { Card, DataTable, EmptyState, StatCard, type DataColumn } from '@/components/ui';
import { CheckCircleIcon, ClockIcon, StarIcon, UsersIcon } from '@/components/ui/icons';
import { formatDate } from '@/utils/format';

/** Platform totals, how families spread over plans, and the newest families. */
export function PlatformDashboard({ stats }: { stats: PlatformStats }) {
  const { t } = useTranslation('admin');
  const { totals, organizations, recentOrganizations } = stats;
  const recentColumns: ReadonlyArray<DataColumn<Organization>> = [
    ...organizationColumns(),
    { label: t('columns.created'), cell: (organization) => formatDate(organization.createdAt) },
  ];
  return (
    <div className="admin-tab">
      <section className="stat-grid" aria-label={t('dashboard.totals')}>
        <StatCard label={t('dashboard.organizations')} value={totals.organizations} tone="accent" icon={<StarIcon />} />
        <StatCard label={t('dashboard.users')} value={totals.users} icon={<UsersIcon />} />
        <StatCard label={t('dashboard.children')} value={totals.children} icon={<UsersIcon />} />
        <StatCard label={t('dashboard.chores')} value={totals.chores} icon={<CheckCircleIcon />} />
      </section>

      <Card title={t('dashboard.planDistribution')} aria-label={t('dashboard.planDistributionLabel')}>
        <div className="stat-grid">
          <StatCard label={t('dashboard.active')} value={organizations.active} tone="success" icon={<CheckCircleIcon />} />
          <StatCard label={t('dashboard.trial')} value={organizations.trial} tone="warning" icon={<ClockIcon />} />
          <StatCard label={t('dashboard.pro')} value={organizations.pro} tone="accent" icon={<StarIcon />} />
          <StatCard label={t('dashboard.free')} value={organizations.free} icon={<UsersIcon />} />
        </div>
      </Card>

      <Card title={t('dashboard.recent')}>
        {recentOrganizations.length === 0 ? (
          <EmptyState>{t('dashboard.none')}</EmptyState>
        ) : (
          <DataTable
            label={t('dashboard.recentLabel')}
            columns={recentColumns}
            rows={recentOrganizations}
            rowKey={(organization) => organization.id}
          />
        )}
      </Card>
    </div>
  );
}
