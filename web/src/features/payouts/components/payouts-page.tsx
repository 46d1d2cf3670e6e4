import { getChildren } from '../api/get-children';
import { getPayouts } from '../api/get-payouts';
import type { Payout, PayoutChild } from '../types';
import { PayoutForm } from './payout-form';
import { PayoutsTable } from './payouts-table';
import { Card, PageHeader, ResourceList, Spinner } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource, type Resource } from '@/hooks/use-resource';
import { isParentRole } from '@/lib/roles';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import type { RewardDisplayType } from '@/types/api';

const NO_REWARD_TYPES: ReadonlyMap<string, RewardDisplayType> = new Map();

/** /payouts: parents record payouts and see the family's; a child sees their own. */
export function PayoutsPage() {
  useDocumentTitle(pageTitle('Payouts'));
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  return parent ? <ParentPayouts /> : <ChildPayouts />;
}

function ParentPayouts() {
  const payouts = useResource(getPayouts, 'payouts');
  const children = useResource(getChildren, 'children');
  const payees: readonly PayoutChild[] = children.resource.status === 'ready' ? children.resource.data : [];

  return (
    <>
      <PageHeader title="Payouts" description="Record money paid out of your children's balances." />
      <Card title="Record Payout">
        {children.resource.status === 'loading' ? (
          <Spinner label="Loading children…" />
        ) : (
          <PayoutForm
            payees={payees}
            onCreated={() => {
              payouts.reload();
              children.reload();
            }}
          />
        )}
      </Card>
      <PayoutHistory
        resource={payouts.resource}
        showParent
        rewardTypes={new Map(payees.map((child) => [child.id, child.rewardDisplayType]))}
      />
    </>
  );
}

function ChildPayouts() {
  const payouts = useResource(getPayouts, 'payouts');
  const childId = useSessionStore((state) => state.user?.childId);
  const unit = useOwnRewardUnit();
  // A child sees only their own payouts, in their own unit.
  const rewardTypes = childId && unit ? new Map([[childId, unit]]) : NO_REWARD_TYPES;
  return (
    <>
      <PageHeader title="Payouts" description="Money paid out of your balance." />
      <PayoutHistory resource={payouts.resource} showParent={false} rewardTypes={rewardTypes} />
    </>
  );
}

interface PayoutHistoryProps {
  resource: Resource<Payout[]>;
  showParent: boolean;
  rewardTypes: ReadonlyMap<string, RewardDisplayType>;
}

function PayoutHistory({ resource, showParent, rewardTypes }: PayoutHistoryProps) {
  return (
    <Card title="Payout History">
      <ResourceList resource={resource} loadingLabel="Loading payouts…" empty="No payouts yet">
        {(list) => <PayoutsTable payouts={list} showParent={showParent} rewardTypes={rewardTypes} />}
      </ResourceList>
    </Card>
  );
}
