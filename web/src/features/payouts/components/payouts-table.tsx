import type { Payout } from '../types';
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
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Payout history">
        <thead>
          <tr>
            <th scope="col">Child</th>
            {showParent && <th scope="col">Parent</th>}
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Notes</th>
            <th scope="col">Paid</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td>{payout.childName}</td>
              {showParent && <td>{payout.parentName || '—'}</td>}
              <td className="num">{formatReward(payout.amount, rewardTypes.get(payout.childId))}</td>
              <td>{payout.notes || '—'}</td>
              <td>{formatDateTime(payout.paidAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
