import { useDashboardStats } from '../api/get-dashboard-stats';
import type { ChoreActivity } from '../types';
import { normalizeAdminStats } from '../utils/normalize-stats';
import { useChildren } from '@/api/get-children';
import { Card, DataTable, EmptyState, PageHeader, StatCard } from '@/components/ui';
import { CheckCircleIcon, ClockIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatMoney, formatReward } from '@/utils/format';

/** Chores with how often they were completed over the last 30 days. */
function ChoreActivityCard({ title, items, empty }: { title: string; items: ChoreActivity[]; empty: string }) {
  return (
    <Card title={title} aria-label={title} actions={<span className="muted small">Last 30 days</span>}>
      {items.length === 0 ? <EmptyState>{empty}</EmptyState> : <ChoreActivityList items={items} />}
    </Card>
  );
}

function ChoreActivityList({ items }: { items: ChoreActivity[] }) {
  return (
    <ul className="list">
      {items.map((item, index) => (
        <li key={item.chore.id || index} className="list__row" aria-label={item.chore.name}>
          <div>
            <p className="list__primary">{item.chore.name}</p>
            <p className="list__secondary">{item.chore.category.name || 'Uncategorized'}</p>
          </div>
          <span className="badge">
            {item.completions} {item.completions === 1 ? 'completion' : 'completions'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The parent (and super admin) dashboard. */
export function AdminDashboard() {
  const stats = useDashboardStats(normalizeAdminStats);
  // Only for the unit of each child's balance: without it, balances show in dollars.
  const children = useChildren();
  const rewardTypes = new Map((children.data ?? []).map((child) => [child.id, child.rewardDisplayType]));

  return (
    <>
      <PageHeader title="Dashboard" description="How your family is doing at a glance." />
      <div className="stat-grid">
        {/* Each figure leads to the list behind it; balances are on the children's cards. */}
        <StatCard
          label="Total Children"
          value={stats.totalChildren}
          icon={<UsersIcon />}
          to={paths.app.children.getHref()}
        />
        <StatCard
          label="Pending Reviews"
          value={stats.totalPendingSubmissions}
          tone="warning"
          icon={<ClockIcon />}
          to={paths.app.approval.getHref()}
        />
        <StatCard
          label="Total Balance"
          value={formatMoney(stats.totalBalance)}
          tone="accent"
          icon={<WalletIcon />}
          to={paths.app.children.getHref()}
        />
        <StatCard
          to={paths.app.payouts.getHref()}
          label="Paid This Month"
          value={formatMoney(stats.totalPaidOutThisMonth)}
          tone="success"
          icon={<CheckCircleIcon />}
        />
      </div>

      <div className="grid-2">
        <ChoreActivityCard title="Most Active Chores" items={stats.mostActiveChores} empty="No chores completed yet" />
        <ChoreActivityCard title="Least Active Chores" items={stats.leastActiveChores} empty="No active chores" />
      </div>

      <Card title="Children Overview">
        {stats.children.length === 0 ? (
          <EmptyState>No children yet. Invite your children from the Family menu.</EmptyState>
        ) : (
          <DataTable
            label="Children overview"
            columns={[
              { label: 'Name', cell: (child) => child.name },
              { label: 'Balance', numeric: true, cell: (child) => formatReward(child.balance, rewardTypes.get(child.id)) },
              { label: 'Pending', numeric: true, cell: (child) => child.pendingSubmissions },
              { label: 'Completed (30d)', numeric: true, cell: (child) => child.completedLast30Days },
            ]}
            rows={stats.children}
            rowKey={(child) => child.id}
          />
        )}
      </Card>
    </>
  );
}
