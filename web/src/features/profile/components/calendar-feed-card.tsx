import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeleteCalendarFeed } from '../api/delete-calendar-feed';
import { useCalendarFeeds } from '../api/get-calendar-feeds';
import type { CalendarFeed, CreatedCalendarFeed } from '../types';
import { CreateCalendarFeedDialog } from './create-calendar-feed-dialog';
import { Alert, Button, Card, CopyField, Spinner } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { getErrorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { formatDateTime } from '@/utils/format';

/**
 * Profile → Calendar feed, for parents and children: a private iCalendar URL
 * that calendar apps subscribe to (a parent's shows every child's chores, a
 * child's their own, and birthdays). Making one asks for the current
 * password in a dialog. The URL is shown once, when made (only a hash of it
 * is kept); the list names each feed by when it was made and last used,
 * with Delete.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('profile');
  const email = useSessionStore((state) => state.user?.email ?? '');
  const feeds = useCalendarFeeds();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);

  return (
    <Card title={t('calendar.title')} className="calendar-feed-card">
      <p className="muted">{t('calendar.description')}</p>
      {created && (
        <div className="calendar-feed-card__created">
          <Alert variant="success">{t('calendar.created')}</Alert>
          <CopyField label={t('calendar.urlLabel')} value={created.url} />
        </div>
      )}
      {feeds.isPending && <Spinner label={t('calendar.loading')} />}
      {feeds.error && <Alert>{getErrorMessage(feeds.error, t('calendar.failedToLoad'))}</Alert>}
      {feeds.data && feeds.data.length === 0 && <p>{t('calendar.none')}</p>}
      {feeds.data && feeds.data.length > 0 && (
        <ul className="tablets-list" aria-label={t('calendar.listLabel')}>
          {feeds.data.map((feed) => (
            <FeedRow key={feed.id} feed={feed} onDeleted={() => setCreated((c) => (c?.id === feed.id ? null : c))} />
          ))}
        </ul>
      )}
      <Button onClick={() => setCreating(true)}>{t('calendar.create')}</Button>
      <details className="calendar-feed-card__help">
        <summary>{t('calendar.help.title')}</summary>
        <ul>
          <li>{t('calendar.help.google')}</li>
          <li>{t('calendar.help.apple')}</li>
          <li>{t('calendar.help.outlook')}</li>
        </ul>
        <p className="muted small">{t('calendar.help.private')}</p>
      </details>
      {creating && (
        <CreateCalendarFeedDialog
          username={email}
          onClose={() => setCreating(false)}
          onCreated={(feed) => {
            setCreating(false);
            setCreated(feed);
          }}
        />
      )}
    </Card>
  );
}

function FeedRow({ feed, onDeleted }: { feed: CalendarFeed; onDeleted: () => void }) {
  const { t } = useTranslation('profile');
  const { mutateAsync: remove } = useDeleteCalendarFeed();
  const { busy, error, run } = useAction(t('calendar.failedToDelete'));
  const made = formatDateTime(feed.createdAt);

  const onDelete = () =>
    run(async () => {
      await remove(feed.id);
      onDeleted();
    }, t('calendar.deleteConfirm'));

  return (
    <li className="tablets-list__item">
      <div className="tablets-list__text">
        <span className="tablets-list__name">{t('calendar.feedMade', { date: made })}</span>
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
        aria-label={t('calendar.deleteLabel', { date: made })}
      >
        {t('calendar.delete')}
      </Button>
    </li>
  );
}
