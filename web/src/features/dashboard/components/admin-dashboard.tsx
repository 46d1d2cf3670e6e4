import { useTranslation } from 'react-i18next';

import { useDashboardStats } from '../api/get-dashboard-stats';
import type { ChoreActivity } from '../types';
import { normalizeAdminStats } from '../utils/normalize-stats';
import { useChildren } from '@/api/get-children';
import { Card, DataTable, EmptyState, PageHeader, StatCard } from '@/components/ui';
import { CheckCircleIcon, ClockIcon, StarIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatMoney, formatReward } from '@/utils/format';

/** Chores with how often they were completed over the last 30 days. */
function ChoreActivityCard({ title, items, empty }: { title: string; items: ChoreActivity[]; empty: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={title} aria-label={title} actions={<span className="muted small">{t('parent.last30Days')}</span>}>
      {items.length === 0 ? <EmptyState>{empty}</EmptyState> : <ChoreActivityList items={items} />}
    </Card>
  );
}

function ChoreActivityList({ items }: { items: ChoreActivity[] }) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <ul className="list">
      {items.map((item, index) => (
        <li key={item.chore.id || index} className="list__row" aria-label={item.chore.name}>
          <div>
            <p className="list__primary">{item.chore.name}</p>
            <p className="list__secondary">{item.chore.category.name || t('common:chores.uncategorized')}</p>
          </div>
          <span className="badge">{t('parent.completions', { count: item.completions })}</span>
        </li>
      ))}
    </ul>
  );
}

/** The parent (and super admin) dashboard. */
export function AdminDashboard() {
  const { t } = useTranslation('dashboard');
  const stats = useDashboardStats(normalizeAdminStats);
  // Only for the unit of each child's balance: without it, balances show in dollars.
  const children = useChildren();
  const rewardTypes = new Map((children.data ?? []).map((child) => [child.id, child.rewardDisplayType]));

  return (
    <>
      <PageHeader title={t('parent.title')} description={t('parent.description')} />
      <div className="stat-grid">
        {/* Each figure leads to the list behind it; balances are on the children's cards. */}
        <StatCard
          label={t('parent.totalChildren')}
          value={stats.totalChildren}
          icon={<UsersIcon />}
          to={paths.app.children.getHref()}
        />
        <StatCard
          label={t('parent.pendingReviews')}
          value={stats.totalPendingSubmissions}
          tone="warning"
          icon={<ClockIcon />}
          to={paths.app.approval.getHref()}
        />
        <StatCard
          label={t('parent.storeRequests')}
          value={stats.pendingStoreRequests}
          tone="warning"
          icon={<StarIcon />}
          to={paths.app.store.getHref()}
        />
        <StatCard
          label={t('parent.totalBalance')}
          value={formatMoney(stats.totalBalance)}
          tone="accent"
          icon={<WalletIcon />}
          to={paths.app.children.getHref()}
        />
        <StatCard
          to={paths.app.payouts.getHref()}
          label={t('parent.paidThisMonth')}
          value={formatMoney(stats.totalPaidOutThisMonth)}
          tone="success"
          icon={<CheckCircleIcon />}
        />
      </div>

      <div className="grid-2">
        <ChoreActivityCard
          title={t('parent.mostActive')}
          items={stats.mostActiveChores}
          empty={t('parent.noneCompleted')}
        />
        <ChoreActivityCard
          title={t('parent.leastActive')}
          items={stats.leastActiveChores}
          empty={t('parent.noneActive')}
        />
      </div>

      <Card title={t('parent.overview')}>
        {stats.children.length === 0 ? (
          <EmptyState>{t('parent.noChildren')}</EmptyState>
        ) : (
          <DataTable
            label={t('parent.overviewLabel')}
            columns={[
              { label: t('parent.name'), cell: (child) => child.name },
              { label: t('parent.balance'), numeric: true, cell: (child) => formatReward(child.balance, rewardTypes.get(child.id)) },
              { label: t('parent.pending'), numeric: true, cell: (child) => child.pendingSubmissions },
              { label: t('parent.completed30Days'), numeric: true, cell: (child) => child.completedLast30Days },
              { label: t('parent.missed30Days'), numeric: true, cell: (child) => child.missedLast30Days },
            ]}
            rows={stats.children}
            rowKey={(child) => child.id}
          />
        )}
      </Card>
    </>
  );
}
