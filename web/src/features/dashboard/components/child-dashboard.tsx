import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useDashboardStatsQuery } from '../api/get-dashboard-stats';
import { activityRows, notesById } from '../utils/activity';
import { normalizeChildStats } from '../utils/normalize-stats';
import { Celebration, useNewApprovals } from './celebration';
import { DoNowCard } from './do-now-card';
import { RecentActivity } from './recent-activity';
import { StreakAndJars } from './streak-and-jars';
import { WeeklyEarningsChart } from './weekly-earnings-chart';
import { useHistory } from '@/api/get-history';
import { GoalsPanel } from '@/components/goals/goals-panel';
import { JarsSummary } from '@/components/jars/jars-summary';
import { NextAllowance } from '@/components/allowance/allowance-panel';
import { usePendingSubmissions } from '@/api/get-pending-submissions';
import { Card, PageHeader, StatCard } from '@/components/ui';
import { CheckCircleIcon, ClockIcon, StarIcon, WalletIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import { themeContextOf, useUiTheme } from '@/stores/theme-store';
import { formatReward } from '@/utils/format';

/**
 * The child's own dashboard, which says what to do now, laid out by their
 * theme. ADULT: the chores they can do (and the locked ones) beside what
 * waits for review and what was reviewed, then their balance and progress.
 * KIDS: the chores as big picture cards across the page first, each sent
 * with one "I did it!" and celebrated; chores approved since the last visit
 * are celebrated once. TEEN: their streak and jars first, then a compact
 * list of today's chores, then the rest.
 */
export function ChildDashboard() {
  const statsQuery = useDashboardStatsQuery(normalizeChildStats);
  const stats = statsQuery.data ?? normalizeChildStats(undefined);
  // A child's own submissions waiting for review, and their reviewed ones for the parents' notes.
  const pending = usePendingSubmissions();
  const history = useHistory();
  const unit = useOwnRewardUnit();
  const uiTheme = useUiTheme();
  const context = themeContextOf(uiTheme);
  const kids = uiTheme === 'KIDS';
  const userId = useSessionStore((state) => state.user?.id);
  const childId = useSessionStore((state) => state.user?.childId) ?? '';
  const firstName = useSessionStore((state) => state.user?.firstName) ?? '';
  const { t } = useTranslation(['dashboard', 'common']);
  const approvals = useNewApprovals(stats.recentHistory, kids && statsQuery.isSuccess, userId);

  const header = (
    <PageHeader
      title={t('child.title')}
      description={t('child.description', { context })}
      actions={
        <>
          <Link className="btn btn--secondary btn--md" to={paths.app.payouts.getHref()}>
            {t('child.myPayouts')}
          </Link>
          {childId && (
            <Link className="btn btn--secondary btn--md" to={paths.app.payslip.getHref(childId)}>
              {t('common:payslip.open', { context })}
            </Link>
          )}
        </>
      }
    />
  );

  const activity = (
    <RecentActivity
      rows={activityRows(pending.data ?? [], stats.recentHistory, notesById(history.data ?? []))}
      unit={unit}
      loading={statsQuery.isPending || pending.isPending}
    />
  );

  const figures = (
    <div className="stat-grid">
      {/* Figures with a list behind them lead to it. */}
      <StatCard
        label={t('child.balance')}
        value={formatReward(stats.balance, unit)}
        tone="accent"
        icon={<WalletIcon />}
        to={paths.app.payouts.getHref()}
      />
      <StatCard
        label={t('child.pending')}
        value={stats.pendingSubmissions}
        tone="warning"
        icon={<ClockIcon />}
        to={paths.app.history.getHref()}
      />
      <StatCard
        label={t('child.completedThisMonth')}
        value={stats.completedThisMonth}
        tone="success"
        icon={<CheckCircleIcon />}
        to={paths.app.history.getHref()}
      />
      <StatCard
        label={t('child.earnedThisMonth')}
        value={formatReward(stats.earnedThisMonth, unit)}
        icon={<StarIcon />}
        to={paths.app.history.getHref()}
      />
    </div>
  );

  const jars = (
    <Card title={t('common:jars.title')} aria-label={t('common:jars.title')}>
      <JarsSummary jars={stats.jars} unit={unit} label={t('common:jars.title')} />
      {childId && <NextAllowance childId={childId} unit={unit} />}
      <Link className="btn btn--secondary btn--md" to={paths.app.store.getHref()}>
        {t('common:nav.store')}
      </Link>
    </Card>
  );

  const goalsAndWeeks = (
    <>
      {childId && (
        <Card title={t('common:goals.mine')}>
          <GoalsPanel
            childId={childId}
            name={firstName}
            goals={statsQuery.isSuccess ? stats.goals : undefined}
            unit={unit}
            own
          />
        </Card>
      )}

      <Card title={t('child.weeklyEarnings')} actions={<span className="muted small">{t('child.lastWeeks')}</span>}>
        <WeeklyEarningsChart weeks={stats.weeklyEarnings} unit={unit} />
      </Card>
    </>
  );

  if (kids) {
    return (
      <>
        {header}
        <Celebration approvals={approvals} unit={unit} />
        {/* The cards take the page's width: two or three side by side where there is room. */}
        <DoNowCard />
        {activity}
        {figures}
        {jars}
        {goalsAndWeeks}
      </>
    );
  }

  if (uiTheme === 'TEEN') {
    return (
      <>
        {header}
        <StreakAndJars weeks={stats.weeklyEarnings} jars={stats.jars} unit={unit} childId={childId} />
        <DoNowCard />
        {activity}
        {figures}
        {goalsAndWeeks}
      </>
    );
  }

  return (
    <>
      {header}
      <div className="grid-2">
        <DoNowCard />
        {activity}
      </div>
      {figures}
      {jars}
      {goalsAndWeeks}
    </>
  );
}
