import { useTranslation } from 'react-i18next';

import { usePayouts } from '../api/get-payouts';
import type { Payout, PayoutChild } from '../types';
import { PayoutForm } from './payout-form';
import { PayoutsTable } from './payouts-table';
import { useChildren } from '@/api/get-children';
import { Card, PageHeader, ResourceList, Spinner, type ListQuery } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isParentRole } from '@/lib/roles';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import { useThemeContext } from '@/stores/theme-store';
import type { RewardDisplayType } from '@/types/api';

const NO_REWARD_TYPES: ReadonlyMap<string, RewardDisplayType> = new Map();

/** /payouts: parents record payouts and see the family's; a child sees their own. */
export function PayoutsPage() {
  const { t } = useTranslation('payouts');
  useDocumentTitle(pageTitle(t('title')));
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  return parent ? <ParentPayouts /> : <ChildPayouts />;
}

function ParentPayouts() {
  const payouts = usePayouts();
  const children = useChildren();
  const payees: readonly PayoutChild[] = children.data ?? [];
  const { t } = useTranslation('payouts');

  return (
    <>
      <PageHeader title={t('title')} description={t('parentDescription')} />
      <Card title={t('record')}>
        {children.isPending ? <Spinner label={t('loadingChildren')} /> : <PayoutForm payees={payees} />}
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
  const context = useThemeContext();
  const { t } = useTranslation('payouts');
  // A child sees only their own payouts, in their own unit.
  const rewardTypes = childId && unit ? new Map([[childId, unit]]) : NO_REWARD_TYPES;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('childDescription', { context })}
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
  const { t } = useTranslation('payouts');
  return (
    <Card title={t('history')}>
      <ResourceList query={query} loadingLabel={t('loading')} empty={t('empty')}>
        {(list) => <PayoutsTable payouts={list} showParent={showParent} rewardTypes={rewardTypes} />}
      </ResourceList>
    </Card>
  );
}
