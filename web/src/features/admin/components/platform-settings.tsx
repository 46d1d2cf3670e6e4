import { Button, Card, DataTable, DetailsList, type DataColumn } from '@/components/ui';
import { APP_NAME, APP_VERSION } from '@/config/env';
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


const COMING_SOON = 'Coming soon';

function limitText(plan: Plan, limit: number): string {
  return plan === 'PRO' ? `${limit} (unlimited)` : String(limit);
}

const LIMIT_COLUMNS: ReadonlyArray<DataColumn<PlanLimits>> = [
  { label: 'Plan', rowHeader: true, cell: (limits) => limits.plan },
  { label: 'Children', numeric: true, cell: (limits) => limitText(limits.plan, limits.children) },
  { label: 'Chores', numeric: true, cell: (limits) => limitText(limits.plan, limits.chores) },
  { label: 'Reward Types', numeric: true, cell: (limits) => limitText(limits.plan, limits.rewardTypes) },
];

/** Buttons whose behaviour is not decided yet: shown, but disabled. */
function ComingSoonButtons({ labels, variant }: { labels: readonly string[]; variant: 'secondary' | 'danger' }) {
  return (
    <div className="button-row">
      {labels.map((label) => (
        <Button key={label} variant={variant} disabled title={COMING_SOON}>
          {label}
        </Button>
      ))}
    </div>
  );
}

/** Static platform information, the default plan limits and the (not yet available) admin actions. */
export function PlatformSettings() {
  return (
    <div className="admin-tab">
      <Card title="Platform Information">
        <DetailsList
          items={[
            ['Product', APP_NAME],
            ['Version', APP_VERSION],
            ['Environment', import.meta.env.MODE],
          ]}
        />
      </Card>

      <Card title="Default Plan Limits">
        <DataTable label="Default plan limits" columns={LIMIT_COLUMNS} rows={PLAN_LIMITS} rowKey={(limits) => limits.plan} />
      </Card>

      <Card title="Admin Actions" actions={<span className="badge">{COMING_SOON}</span>}>
        <ComingSoonButtons
          variant="secondary"
          labels={['Export Organizations', 'Send Announcement', 'View Audit Log']}
        />
      </Card>

      <Card title="Danger Zone" className="admin-danger-zone" actions={<span className="badge">{COMING_SOON}</span>}>
        <p className="muted">
          Actions on the whole platform that cannot be undone, such as deleting organizations inactive for more than
          90 days.
        </p>
        <ComingSoonButtons variant="danger" labels={['Delete Inactive Organizations', 'Revoke All Sessions']} />
      </Card>
    </div>
  );
}
