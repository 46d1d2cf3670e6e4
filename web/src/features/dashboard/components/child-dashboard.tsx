import { Link } from 'react-router';

import { useDashboardStats } from '../api/get-dashboard-stats';
import { normalizeChildStats } from '../utils/normalize-stats';
import { WeeklyEarningsChart } from './weekly-earnings-chart';
import { Card, EmptyState, PageHeader, StatCard } from '@/components/ui';
import { CheckCircleIcon, ClockIcon, StarIcon, WalletIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { choreEmoji } from '@/lib/emoji';
import { useOwnRewardUnit } from '@/stores/session-store';
import { useUiTheme } from '@/stores/theme-store';
import { cn } from '@/utils/cn';
import { formatDate, formatReward } from '@/utils/format';

/** The child's own dashboard. */
export function ChildDashboard() {
  const stats = useDashboardStats(normalizeChildStats);
  const unit = useOwnRewardUnit();
  const kids = useUiTheme() === 'KIDS';

  return (
    <>
      <PageHeader
        title="My Dashboard"
        description={kids ? 'See what you did and what you earned!' : 'Your chores, rewards and balance.'}
        actions={
          <Link className="btn btn--secondary btn--md" to={paths.app.payouts.getHref()}>
            My Payouts
          </Link>
        }
      />
      <div className="stat-grid">
        {/* Figures with a list behind them lead to it (History lists reviewed chores only). */}
        <StatCard
          label="My Balance"
          value={formatReward(stats.balance, unit)}
          tone="accent"
          icon={<WalletIcon />}
          to={paths.app.payouts.getHref()}
        />
        <StatCard label="Pending" value={stats.pendingSubmissions} tone="warning" icon={<ClockIcon />} />
        <StatCard
          label="Completed (this month)"
          value={stats.completedThisMonth}
          tone="success"
          icon={<CheckCircleIcon />}
          to={paths.app.history.getHref()}
        />
        <StatCard
          label="Earned (this month)"
          value={formatReward(stats.earnedThisMonth, unit)}
          icon={<StarIcon />}
          to={paths.app.history.getHref()}
        />
      </div>

      <div className="grid-2">
        <Card title="Recent Activity">
          {stats.recentHistory.length === 0 ? (
            <EmptyState>No recent activity yet. Do a chore to get started!</EmptyState>
          ) : (
            <ul className="list" aria-label="Recent activity">
              {stats.recentHistory.map((item, index) => (
                <li
                  key={item.id || index}
                  className={cn('list__row', item.approved ? 'list__row--approved' : 'list__row--rejected')}
                  aria-label={item.chore.name}
                >
                  <div>
                    <p className="list__primary" data-emoji={choreEmoji(item.chore.name, item.chore.category.name)}>
                      {item.chore.name}
                    </p>
                    <p className="list__secondary">
                      {item.chore.category.name || 'Uncategorized'} · {formatDate(item.reviewedAt)}
                    </p>
                  </div>
                  <div className="history-row__outcome">
                    <span className={cn('badge', item.approved ? 'badge--success' : 'badge--danger')}>
                      {item.approved ? 'Approved' : 'Rejected'}
                    </span>
                    <span className="list__amount">
                      {item.approved ? '+' : ''}
                      {formatReward(item.boostedReward, unit)}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Weekly Earnings" actions={<span className="muted small">Last 8 weeks</span>}>
          {stats.weeklyEarnings.length === 0 ? (
            <EmptyState>No earnings yet</EmptyState>
          ) : (
            <WeeklyEarningsChart weeks={stats.weeklyEarnings} unit={unit} />
          )}
        </Card>
      </div>
    </>
  );
}
