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
  const columns: ReadonlyArray<DataColumn<Payout>> = [
    { label: 'Child', cell: (payout) => payout.childName },
    ...(showParent ? [{ label: 'Parent', cell: (payout: Payout) => payout.parentName || '—' }] : []),
    {
      label: 'Amount',
      numeric: true,
      cell: (payout) => formatReward(payout.amount, rewardTypes.get(payout.childId)),
    },
    { label: 'Notes', cell: (payout) => payout.notes || '—' },
    { label: 'Paid', cell: (payout) => formatDateTime(payout.paidAt) },
  ];
  return <DataTable label="Payout history" columns={columns} rows={payouts} rowKey={(payout) => payout.id} />;
}
