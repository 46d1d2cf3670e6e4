import { useTranslation } from 'react-i18next';
import { choreOf } from '@/lib/chores';
import { choreEmoji } from '@/lib/emoji';
import { reviewedStatus, statusLook } from '@/lib/submission-status';
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

/**
 * One chore: approved in green with the reward earned, rejected in red, each
 * with the parent's note; one waiting for review (a child's own) in the
 * warning colour, with the chore's reward and when it was sent.
 */
export function HistoryRow({ submission, showChild, rewardType }: HistoryRowProps) {
  // Reviewed rows go by their approved flag (spec), as they always have.
  const status = submission.status === 'PENDING' ? 'PENDING' : reviewedStatus(submission.approved);
  const look = statusLook(status);
  const chore = choreOf(submission);
  const { t } = useTranslation(['history', 'common']);
  const about = [
    chore.category?.name || t('common:chores.uncategorized'),
    showChild ? submission.childName : null,
    status === 'PENDING'
      ? t('sent', { date: formatDate(submission.submittedAt) })
      : t('reviewedOn', { date: formatDate(submission.reviewedAt) }),
  ].filter(Boolean);
  // Until a review, what approving pays is not known: the chore's own reward shows.
  const reward = status === 'PENDING' ? submission.baseReward : submission.boostedReward;

  return (
    <li className={cn('list__row', 'history-row', look.row)} aria-label={chore.name}>
      <div>
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
        </p>
        <p className="list__secondary">{about.join(' · ')}</p>
        {submission.adminNotes && <p className="history-row__notes">{t('note', { note: submission.adminNotes })}</p>}
      </div>
      <div className="history-row__outcome">
        <span className={cn('badge', look.badge)}>{look.label}</span>
        <span className="list__amount">
          {status === 'APPROVED' ? '+' : ''}
          {formatReward(reward, rewardType)}
        </span>
      </div>
    </li>
  );
}
