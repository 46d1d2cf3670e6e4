import { useState } from 'react';

import { deleteChild } from '../api/delete-child';
import type { Child } from '../types';
import { formatReward } from '../utils/format';
import { AGE_GROUP_LABELS, REWARD_TYPE_LABELS, labelOf } from '../utils/options';
import { RatingsEditor } from './ratings-editor';
import { Alert, Button, Card, DetailsList } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/utils/format';

export function deleteConfirmation(name: string): string {
  return `Delete ${name}? This removes their login, submissions and balance history.`;
}

export interface ChildCardProps {
  child: Child;
  onEdit: (child: Child) => void;
  onChanged: (child: Child) => void;
  onDeleted: (id: string) => void;
}

/** One child: details, balance, edit and delete, behaviour ratings. */
export function ChildCard({ child, onEdit, onChanged, onDeleted }: ChildCardProps) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const joined = Boolean(child.userId);

  const onDelete = async () => {
    if (!window.confirm(deleteConfirmation(child.name))) return;
    setError(null);
    setDeleting(true);
    try {
      await deleteChild(child.id);
      onDeleted(child.id);
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
            variant="danger"
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
      </div>
      {error && <Alert>{error}</Alert>}
      <div className="child-card__balance">
        <span className="child-card__balance-label">Balance</span>
        <span className="child-card__balance-value">{formatReward(child.balance, child.rewardDisplayType)}</span>
      </div>
      <DetailsList items={details} plain />
      <RatingsEditor child={child} onSaved={onChanged} />
      <section className="child-card__upcoming" aria-label="Balance adjustments and grades">
        <h3 className="section-title">Balance and Grades</h3>
        <p className="muted small">Balance adjustments, school subjects and grades will be managed here soon.</p>
      </section>
    </Card>
  );
}
