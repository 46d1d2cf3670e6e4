import { useTranslation } from 'react-i18next';

import type { Payout } from '../types';
import { DataTable, type DataColumn } from '@/components/ui';
import type { RewardDisplayType } from '@/types/api';
import { formatDateTime, formatReward } from '@/utils/format';

export interface PayoutsTableProps {
  payouts: readonly Payout[];
  /** Parents see who recorded each payout. */
  showParent: boolean;
  /** Each child's reward unit, where known; amounts show in dollars otherwise. */
  rewardTypes: ReadonlyMap<string, RewardDisplayType>;
}

/** Payout history, newest first. */
export function PayoutsTable({ payouts, showParent, rewardTypes }: PayoutsTableProps) {
  const { t } = useTranslation(['payouts', 'common']);
  const none = t('common:none');
  const columns: ReadonlyArray<DataColumn<Payout>> = [
    { label: t('table.child'), cell: (payout) => payout.childName },
    ...(showParent ? [{ label: t('table.parent'), cell: (payout: Payout) => payout.parentName || none }] : []),
    {
      label: t('table.amount'),
      numeric: true,
      cell: (payout) => formatReward(payout.amount, rewardTypes.get(payout.childId)),
    },
    { label: t('table.notes'), cell: (payout) => payout.notes || none },
    { label: t('table.paid'), cell: (payout) => formatDateTime(payout.paidAt) },
  ];
  return <DataTable label={t('table.label')} columns={columns} rows={payouts} rowKey={(payout) => payout.id} />;
}
