import { choreOf } from '@/lib/chores';
import { choreEmoji } from '@/lib/emoji';
import type { RewardDisplayType, Submission } from '@/types/api';
import { cn } from '@/utils/cn';
import { formatDate, formatReward } from '@/utils/format';

export interface HistoryRowProps {
  submission: Submission;
  /** Parents see whose chore it was. */
  showChild: boolean;
  /** The child's reward unit, where known; the reward shows in dollars otherwise. */
  rewardType: RewardDisplayType | undefined;
}

/** One reviewed chore: approved in green with the reward earned, rejected in red. */
export function HistoryRow({ submission, showChild, rewardType }: HistoryRowProps) {
  const { approved } = submission;
  const chore = choreOf(submission);
  const about = [
    chore.category?.name || 'Uncategorized',
    showChild ? submission.childName : null,
    `Reviewed ${formatDate(submission.reviewedAt)}`,
  ].filter(Boolean);

  return (
    <li
      className={cn('list__row', 'history-row', approved ? 'list__row--approved' : 'list__row--rejected')}
      aria-label={chore.name}
    >
      <div>
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
        </p>
        <p className="list__secondary">{about.join(' · ')}</p>
        {submission.adminNotes && <p className="history-row__notes">Note: {submission.adminNotes}</p>}
      </div>
      <div className="history-row__outcome">
        <span className={cn('badge', approved ? 'badge--success' : 'badge--danger')}>
          {approved ? 'Approved' : 'Rejected'}
        </span>
        <span className="list__amount">
          {approved ? '+' : ''}
          {formatReward(submission.boostedReward, rewardType)}
        </span>
      </div>
    </li>
  );
}
