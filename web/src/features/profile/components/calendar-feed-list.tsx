import { useTranslation } from 'react-i18next';

import { useDeleteCalendarFeed } from '../api/delete-calendar-feed';
import type { CalendarFeed } from '../types';
import { feedOwner } from '../utils/feed-owner';
import { useChildren } from '@/api/get-children';
import { useMembers } from '@/api/get-members';
import { Alert, Button } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { formatDateTime } from '@/utils/format';

interface FeedListProps {
  feeds: readonly CalendarFeed[];
  /** A feed was deleted (its address, if shown, goes too). */
  onDeleted: (id: string) => void;
}

/** A child's own feeds: each by when it was made and last read, with Delete. */
export function OwnFeedList({ feeds, onDeleted }: FeedListProps) {
  const { t } = useTranslation('profile');
  return (
    <ul className="tablets-list" aria-label={t('calendar.listLabel')}>
      {feeds.map((feed) => (
        <FeedRow key={feed.id} feed={feed} onDeleted={() => onDeleted(feed.id)} />
      ))}
    </ul>
  );
}

/**
 * A parent's list: every feed of the family, each named by whose it is
 * (resolved from the members and children lists the app shares), with
 * Delete on each.
 */
export function FamilyFeedList({ feeds, selfId, onDeleted }: FeedListProps & { selfId: string }) {
  const { t } = useTranslation('profile');
  const members = useMembers();
  const children = useChildren();
  const names = { selfId, members: members.data, children: children.data };
  return (
    <ul className="tablets-list" aria-label={t('calendar.familyListLabel')}>
      {feeds.map((feed) => (
        <FeedRow key={feed.id} feed={feed} owner={feedOwner(feed, names)} onDeleted={() => onDeleted(feed.id)} />
      ))}
    </ul>
  );
}

interface FeedRowProps {
  feed: CalendarFeed;
  /** Whose the feed is, in a parent's list of the family's. */
  owner?: string;
  onDeleted: () => void;
}

function FeedRow({ feed, owner, onDeleted }: FeedRowProps) {
  const { t } = useTranslation('profile');
  const { mutateAsync: remove } = useDeleteCalendarFeed();
  const { busy, error, run, confirmDialog } = useAction(t('calendar.failedToDelete'));
  const date = formatDateTime(feed.createdAt);
  const made = t('calendar.feedMade', { date });
  const deleteLabel = owner ? t('calendar.deleteOwnedLabel', { date, owner }) : t('calendar.deleteLabel', { date });

  const onDelete = () =>
    run(
      async () => {
        await remove(feed.id);
        onDeleted();
      },
      { title: deleteLabel, message: t('calendar.deleteConfirm'), confirmLabel: t('calendar.delete'), danger: true },
    );

  return (
    <li className="tablets-list__item">
      <div className="tablets-list__text">
        <span className="tablets-list__name">{owner ?? made}</span>
        {owner && <span className="muted small">{made}</span>}
        <span className="muted small">
          {feed.lastUsedAt
            ? t('calendar.lastUsed', { date: formatDateTime(feed.lastUsedAt) })
            : t('calendar.neverUsed')}
        </span>
        {error && <Alert>{error}</Alert>}
      </div>
      <Button
        variant="danger-quiet"
        size="sm"
        onClick={() => void onDelete()}
        isLoading={busy}
        aria-label={deleteLabel}
      >
        {t('calendar.delete')}
      </Button>
      {confirmDialog}
    </li>
  );
}
