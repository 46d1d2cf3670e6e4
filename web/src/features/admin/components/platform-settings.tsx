import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button, Card, DataTable, DetailsList, type DataColumn } from '@/components/ui';
import { APP_NAME, APP_VERSION } from '@/config/env';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import type { Plan } from '@/types/api';

/** Default limits per plan (spec §9); PRO is shown as 999 of each, meaning unlimited. */
interface PlanLimits {
  plan: Plan;
  children: number;
  chores: number;
  rewardTypes: number;
}

const PLAN_LIMITS: readonly PlanLimits[] = [
  { plan: 'FREE', children: 3, chores: 10, rewardTypes: 3 },
  { plan: 'PRO', children: 999, chores: 999, rewardTypes: 999 },
  { plan: 'ENTERPRISE', children: 9999, chores: 9999, rewardTypes: 9999 },
];

/** Buttons whose behaviour is not decided yet: shown, but disabled. */
function ComingSoonButtons({ labels, variant }: { labels: readonly string[]; variant: 'secondary' | 'danger' }) {
  const { t } = useTranslation('admin');
  return (
    <div className="button-row">
      {labels.map((label) => (
        <Button key={label} variant={variant} disabled title={t('settings.comingSoon')}>
          {label}
        </Button>
      ))}
    </div>
  );
}

/** The admin's own two-factor sign-in: whether it is on, and its page. */
function TwoFactorStatus() {
  const { t } = useTranslation('mfa');
  const on = useSessionStore((state) => state.user?.mfaEnabled === true);
  const status = <span className={on ? 'badge badge--success' : 'badge'}>{on ? t('card.on') : t('card.off')}</span>;
  return (
    <Card title={t('card.title')} actions={status}>
      <p className="muted">{on ? t('console.onText') : t('card.offText')}</p>
      <p>
        <Link to={paths.admin.twoFactor.getHref()}>{t('console.view')}</Link>
      </p>
    </Card>
  );
}

/** Static platform information, the admin's two-factor sign-in, the default plan limits and the (not yet available) admin actions. */
export function PlatformSettings() {
  const { t } = useTranslation('admin');
  const limitText = (plan: Plan, limit: number) =>
    plan === 'PRO' ? t('settings.unlimited', { limit }) : String(limit);
  const limitColumns: ReadonlyArray<DataColumn<PlanLimits>> = [
    { label: t('settings.plan'), rowHeader: true, cell: (limits) => limits.plan },
    { label: t('settings.children'), numeric: true, cell: (limits) => limitText(limits.plan, limits.children) },
    { label: t('settings.chores'), numeric: true, cell: (limits) => limitText(limits.plan, limits.chores) },
    { label: t('settings.rewardTypes'), numeric: true, cell: (limits) => limitText(limits.plan, limits.rewardTypes) },
  ];
  const comingSoon = <span className="badge">{t('settings.comingSoon')}</span>;

  return (
    <div className="admin-tab">
      <Card title={t('settings.info')}>
        <DetailsList
          items={[
            [t('settings.product'), APP_NAME],
            [t('settings.version'), APP_VERSION],
            [t('settings.environment'), import.meta.env.MODE],
          ]}
        />
      </Card>

      <TwoFactorStatus />

      <Card title={t('settings.limits')}>
        <DataTable
          label={t('settings.limitsLabel')}
          columns={limitColumns}
          rows={PLAN_LIMITS}
          rowKey={(limits) => limits.plan}
        />
      </Card>

      <Card title={t('settings.adminActions')} actions={comingSoon}>
        <ComingSoonButtons
          variant="secondary"
          labels={[t('settings.exportOrganizations'), t('settings.sendAnnouncement'), t('settings.viewAuditLog')]}
        />
      </Card>

      <Card title={t('settings.dangerZone')} className="admin-danger-zone" actions={comingSoon}>
        <p className="muted">{t('settings.dangerText')}</p>
        <ComingSoonButtons variant="danger" labels={[t('settings.deleteInactive'), t('settings.revokeSessions')]} />
      </Card>
    </div>
  );
}
