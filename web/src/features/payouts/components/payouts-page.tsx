import { usePayouts } from '../api/get-payouts';
import type { Payout, PayoutChild } from '../types';
import { PayoutForm } from './payout-form';
import { PayoutsTable } from './payouts-table';
import { useChildren } from '@/api/get-children';
import { Card, PageHeader, ResourceList, Spinner, type ListQuery } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isParentRole } from '@/lib/roles';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import { useUiTheme } from '@/stores/theme-store';
import type { RewardDisplayType } from '@/types/api';

const NO_REWARD_TYPES: ReadonlyMap<string, RewardDisplayType> = new Map();

/** /payouts: parents record payouts and see the family's; a child sees their own. */
export function PayoutsPage() {
  useDocumentTitle(pageTitle('Payouts'));
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  return parent ? <ParentPayouts /> : <ChildPayouts />;
}

function ParentPayouts() {
  const payouts = usePayouts();
  const children = useChildren();
  const payees: readonly PayoutChild[] = children.data ?? [];

  return (
    <>
      <PageHeader title="Payouts" description="Record money paid out of your children's balances." />
      <Card title="Record Payout">
        {children.isPending ? <Spinner label="Loading children…" /> : <PayoutForm payees={payees} />}
      </Card>
      <PayoutHistory
        query={payouts}
        showParent
        rewardTypes={new Map(payees.map((child) => [child.id, child.rewardDisplayType]))}
      />
    </>
  );
}

function ChildPayouts() {
  const payouts = usePayouts();
  const childId = useSessionStore((state) => state.user?.childId);
  const unit = useOwnRewardUnit();
  const kids = useUiTheme() === 'KIDS';
  // A child sees only their own payouts, in their own unit.
  const rewardTypes = childId && unit ? new Map([[childId, unit]]) : NO_REWARD_TYPES;
  return (
    <>
      <PageHeader
        title="Payouts"
        description={kids ? 'Money you got from your balance.' : 'Money paid out of your balance.'}
      />
      <PayoutHistory query={payouts} showParent={false} rewardTypes={rewardTypes} />
    </>
  );
}

interface PayoutHistoryProps {
  query: ListQuery<Payout>;
  showParent: boolean;
  rewardTypes: ReadonlyMap<string, RewardDisplayType>;
}

function PayoutHistory({ query, showParent, rewardTypes }: PayoutHistoryProps) {
  return (
    <Card title="Payout History">
      <ResourceList query={query} loadingLabel="Loading payouts…" empty="No payouts yet">
        {(list) => <PayoutsTable payouts={list} showParent={showParent} rewardTypes={rewardTypes} />}
      </ResourceList>
    </Card>
  );
}
