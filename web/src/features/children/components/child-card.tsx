import { useState } from 'react';

import { useDeleteChild } from '../api/delete-child';
import type { Child } from '../types';
import { AGE_GROUP_LABELS, REWARD_TYPE_LABELS, labelOf } from '../utils/options';
import { AdjustBalanceDialog } from './adjust-balance-dialog';
import { GpaSummary } from './gpa-summary';
import { RatingsEditor } from './ratings-editor';
import { ShowInviteDialog } from './show-invite-dialog';
import { SubjectsDialog } from './subjects-dialog';
import { Alert, Button, Card, DetailsList } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { multiplierSummary } from '@/lib/multipliers';
import { formatCalendarDate, formatReward } from '@/utils/format';

export function deleteConfirmation(name: string): string {
  return `Delete ${name}? This removes their login, submissions and balance history.`;
}

export interface ChildCardProps {
  child: Child;
  onEdit: (child: Child) => void;
}

/** Which of the card's dialogs is open. */
type CardDialog = 'balance' | 'subjects' | 'invite' | null;

/**
 * One child: details, balance and its adjustment, reward multiplier, GPA and
 * subjects, edit and delete, behaviour ratings.
 */
export function ChildCard({ child, onEdit }: ChildCardProps) {
  const [dialog, setDialog] = useState<CardDialog>(null);
  const { mutateAsync: remove } = useDeleteChild();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const joined = Boolean(child.userId);

  const onDelete = async () => {
    if (!window.confirm(deleteConfirmation(child.name))) return;
    setError(null);
    setDeleting(true);
    try {
      // Once the children are loaded again, the card is gone.
      await remove(child.id);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to delete child'));
      setDeleting(false);
    }
  };

  const details: Array<[string, string]> = [
    ['Email', child.user?.email || '—'],
    ['Phone', child.user?.phone?.trim() || '—'],
    ['Birthday', formatCalendarDate(child.dateOfBirth, 'Not set')],
    ['Birthday Reward', formatReward(child.birthdayRewardAmount, child.rewardDisplayType)],
    ['Reward Type', labelOf(REWARD_TYPE_LABELS, child.rewardDisplayType)],
  ];

  return (
    <Card
      className="child-card"
      aria-label={child.name}
      title={child.name}
      actions={
        <>
          <Button variant="secondary" size="sm" onClick={() => onEdit(child)} aria-label={`Edit ${child.name}`}>
            Edit
          </Button>
          <Button
            variant="danger-quiet"
            size="sm"
            onClick={onDelete}
            isLoading={deleting}
            aria-label={`Delete ${child.name}`}
          >
            Delete
          </Button>
        </>
      }
    >
      <div className="child-card__badges">
        <span className="badge">{labelOf(AGE_GROUP_LABELS, child.ageGroup)}</span>
        {joined ? (
          <span className="badge badge--success">Joined</span>
        ) : (
          <span className="badge badge--warning">Invitation pending</span>
        )}
        {!joined && (
          // The link and QR code were shown once at Add Child; a parent may need them again.
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('invite')}
            aria-label={`Show invite link of ${child.name}`}
          >
            Show Invite Link
          </Button>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <div className="child-card__balance">
        <div>
          <span className="child-card__balance-label">Balance</span>
          <span className="child-card__balance-value">{formatReward(child.balance, child.rewardDisplayType)}</span>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setDialog('balance')}
          aria-label={`Adjust balance of ${child.name}`}
        >
          Adjust Balance
        </Button>
      </div>
      <section className="child-card__rewards" aria-label={`Multiplier and grades of ${child.name}`}>
        {child.multiplier && (
          <>
            <p className="child-card__multiplier">Rewards {multiplierSummary(child.multiplier)}</p>
            {/* A streak that boosts rewards is named in the line above already. */}
            {child.multiplier.streakDays > 0 && child.multiplier.streak === 1 && (
              <p className="muted small">
                {child.multiplier.streakDays === 1 ? '1-day streak' : `${child.multiplier.streakDays}-day streak`}
              </p>
            )}
            {child.multiplier.bonusesDisabled && (
              <p className="child-card__bonuses-off">Bonuses off: a D or F grade</p>
            )}
          </>
        )}
        <div className="child-card__grades">
          <GpaSummary child={child} />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('subjects')}
            aria-label={`Subjects & Grades of ${child.name}`}
          >
            Subjects &amp; Grades
          </Button>
        </div>
      </section>
      <DetailsList items={details} plain />
      <RatingsEditor child={child} />

      {dialog === 'balance' && (
        <AdjustBalanceDialog child={child} onClose={() => setDialog(null)} />
      )}
      {dialog === 'subjects' && (
        <SubjectsDialog child={child} onClose={() => setDialog(null)} />
      )}
      {dialog === 'invite' && <ShowInviteDialog child={child} onClose={() => setDialog(null)} />}
    </Card>
  );
}
