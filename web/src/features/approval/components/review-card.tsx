import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useReviewSubmission, type ReviewStatus } from '../api/review-submission';
import { PhotoProof } from './photo-proof';
import { Alert, Button, Card, DetailsList, TextAreaField } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { choreOf } from '@/lib/chores';
import { payPreviewText } from '@/lib/multipliers';
import type { RewardDisplayType, Submission } from '@/types/api';
import { formatDateTime, formatReward } from '@/utils/format';

export interface ReviewCardProps {
  submission: Submission;
  /** The child's reward unit, where known; the reward shows in dollars otherwise. */
  rewardType: RewardDisplayType | undefined;
}

/** One submission waiting for review: what was done, by whom and when, its photo, and Approve or Reject. */
export function ReviewCard({ submission, rewardType }: ReviewCardProps) {
  const { childName } = submission;
  const chore = choreOf(submission);
  const [adminNotes, setAdminNotes] = useState('');
  const [decision, setDecision] = useState<ReviewStatus | null>(null);
  const { t } = useTranslation(['approval', 'common', 'errors']);
  const review = useAction(t('errors:fallback.reviewSubmission'));
  const { mutateAsync: send } = useReviewSubmission();

  const onReview = (status: ReviewStatus) => {
    setDecision(status);
    void review.run(async () => {
      const notes = adminNotes.trim();
      // Once the queue is loaded again, the card is gone.
      await send({ id: submission.id, input: { status, ...(notes ? { adminNotes: notes } : {}) } });
    });
  };

  const details: Array<[string, string]> = [
    [t('card.category'), chore.category?.name || t('common:chores.uncategorized')],
    [t('card.child'), childName],
    [t('card.completed'), formatDateTime(submission.completedAt)],
    [t('card.submitted'), formatDateTime(submission.submittedAt)],
    // What the approval will pay, worked out as the approval works it out;
    // the base reward alone when the multiplier could not be read.
    submission.payPreview
      ? [t('card.approvalPays'), payPreviewText(submission.baseReward, submission.payPreview, rewardType)]
      : [t('card.reward'), formatReward(submission.baseReward, rewardType)],
  ];
  if (submission.payPreview?.multiplier.bonusesDisabled) details.push([t('card.bonuses'), t('card.bonusesOff')]);
  if (submission.notes.trim()) details.push([t('card.notes'), submission.notes]);

  return (
    <Card className="review-card" aria-label={t('card.label', { chore: chore.name, child: childName })} title={chore.name}>
      {review.error && <Alert>{review.error}</Alert>}
      <DetailsList items={details} plain />
      {submission.photoUrl && (
        <PhotoProof url={submission.photoUrl} alt={t('card.photoAlt', { chore: chore.name })} />
      )}
      <TextAreaField
        label={t('card.adminNotes')}
        hint={t('card.adminNotesHint')}
        value={adminNotes}
        onChange={(event) => setAdminNotes(event.target.value)}
      />
      <div className="form__actions">
        <Button
          variant="danger-quiet"
          onClick={() => onReview('REJECTED')}
          isLoading={review.busy && decision === 'REJECTED'}
          disabled={review.busy}
        >
          {t('card.reject')}
        </Button>
        <Button
          onClick={() => onReview('APPROVED')}
          isLoading={review.busy && decision === 'APPROVED'}
          disabled={review.busy}
        >
          {t('card.approve')}
        </Button>
      </div>
    </Card>
  );
}
