import type { ChildHistoryItem } from '../types';
import { choreOf } from '@/lib/chores';
import { i18n } from '@/lib/i18n';
import { reviewedStatus } from '@/lib/submission-status';
import type { Submission, SubmissionStatus } from '@/types/api';
import { formatDate } from '@/utils/format';

/** One row of the child's Recent Activity, whatever it came from. */
export interface ActivityRow {
  key: string;
  name: string;
  /** The category's name, or Uncategorized. */
  category: string;
  /** "Sent May 1, 2024" while waiting; the review date once reviewed (spec). */
  when: string;
  status: SubmissionStatus;
  /** Dollars: the chore's reward while waiting, what the review paid (or would have) after. */
  reward: number;
  /** The parent's note on a reviewed chore, if any. */
  note: string;
}

/**
 * Recent Activity: what waits for review first, newest first, then the
 * reviewed chores of the dashboard (`recentHistory`, newest first) with the
 * parent's note where the history has one (the dashboard's items carry none).
 */
export function activityRows(
  pending: readonly Submission[],
  reviewed: readonly ChildHistoryItem[],
  notes: ReadonlyMap<string, string>,
): ActivityRow[] {
  const waiting = [...pending]
    .sort((a, b) => (b.submittedAt ?? '').localeCompare(a.submittedAt ?? ''))
    .map((submission): ActivityRow => {
      const chore = choreOf(submission);
      return {
        key: submission.id,
        name: chore.name,
        category: chore.category?.name || i18n.t('common:chores.uncategorized'),
        when: i18n.t('dashboard:activity.sent', { date: formatDate(submission.submittedAt) }),
        status: 'PENDING',
        reward: submission.baseReward,
        note: '',
      };
    });
  const done = reviewed.map(
    (item, index): ActivityRow => ({
      key: item.id || `reviewed-${index}`,
      name: item.chore.name,
      category: item.chore.category.name || i18n.t('common:chores.uncategorized'),
      when: formatDate(item.reviewedAt),
      status: reviewedStatus(item.approved),
      reward: item.boostedReward,
      note: notes.get(item.id) ?? '',
    }),
  );
  return [...waiting, ...done];
}

/** The parent's notes on reviewed chores, by submission id. */
export function notesById(history: readonly Submission[]): Map<string, string> {
  return new Map(history.filter((item) => item.adminNotes).map((item) => [item.id, item.adminNotes]));
}
