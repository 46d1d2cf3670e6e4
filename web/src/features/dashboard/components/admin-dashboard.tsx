import type { ChoreActivity } from '../types';
import { normalizeAdminStats } from '../utils/normalize-stats';
import { useDashboardStats } from '../utils/use-dashboard-stats';
import { Card, EmptyState, PageHeader, StatCard } from '@/components/ui';
import { CheckCircleIcon, ClockIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';
import { formatMoney } from '@/utils/format';

function ChoreActivityList({ items, empty }: { items: ChoreActivity[]; empty: string }) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="list">
      {items.map((item, index) => (
        <li key={item.chore.id || index} className="list__row">
          <div>
            <p className="list__primary">{item.chore.name}</p>
            <p className="list__secondary">{item.chore.category?.name ?? 'Uncategorized'}</p>
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

  return (
    <>
      <PageHeader title="Dashboard" description="How your family is doing at a glance." />
      <div className="stat-grid">
        <StatCard label="Total Children" value={stats.totalChildren} icon={<UsersIcon />} />
        <StatCard label="Pending Reviews" value={stats.totalPendingSubmissions} tone="warning" icon={<ClockIcon />} />
        <StatCard label="Total Balance" value={formatMoney(stats.totalBalance)} tone="accent" icon={<WalletIcon />} />
        <StatCard
          label="Paid This Month"
          value={formatMoney(stats.totalPaidOutThisMonth)}
          tone="success"
          icon={<CheckCircleIcon />}
        />
      </div>

      <div className="grid-2">
        <Card title="Most Active Chores" actions={<span className="muted small">Last 30 days</span>}>
          <ChoreActivityList items={stats.mostActiveChores} empty="No chores completed yet" />
        </Card>
        <Card title="Least Active Chores" actions={<span className="muted small">Last 30 days</span>}>
          <ChoreActivityList items={stats.leastActiveChores} empty="No active chores" />
        </Card>
      </div>

      <Card title="Children Overview">
        {stats.children.length === 0 ? (
          <EmptyState>No children yet. Invite your children from the Family menu.</EmptyState>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                  <th scope="col" className="num">
                    Pending
                  </th>
                  <th scope="col" className="num">
                    Completed (30d)
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.children.map((child) => (
                  <tr key={child.id}>
                    <td>{child.name}</td>
                    <td className="num">{formatMoney(child.balance)}</td>
                    <td className="num">{child.pendingSubmissions}</td>
                    <td className="num">{child.completedThisMonth}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
