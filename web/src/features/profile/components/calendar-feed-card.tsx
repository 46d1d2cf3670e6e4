import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCalendarFeeds } from '../api/get-calendar-feeds';
import type { CreatedCalendarFeed } from '../types';
import { FamilyFeedList, OwnFeedList } from './calendar-feed-list';
import { CreateCalendarFeedDialog } from './create-calendar-feed-dialog';
import { Alert, Button, Card, CopyField, Spinner } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { isParentRole } from '@/lib/roles';
import type { User } from '@/types/api';

/**
 * Profile → Calendar feed, for parents and children: a private iCalendar URL
 * that calendar apps subscribe to (a parent's shows every child's chores, a
 * child's their own, and birthdays). Making one asks for the current
 * password in a dialog. The URL is shown once, when made (only a hash of it
 * is kept). A parent's list holds every feed of the family, each named by
 * whose it is; a child's, their own; each with Delete.
 */
export function CalendarFeedCard({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const parent = isParentRole(user.role);
  const feeds = useCalendarFeeds();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  // A deleted feed's address, if shown, goes with it.
  const forget = (id: string) => setCreated((shown) => (shown?.id === id ? null : shown));

  return (
    <Card title={t('calendar.title')} className="calendar-feed-card">
      <p className="muted">{t('calendar.description')}</p>
      {parent && <p className="muted">{t('calendar.familyText')}</p>}
      {created && (
        <div className="calendar-feed-card__created">
          <Alert variant="success">{t('calendar.created')}</Alert>
          <CopyField label={t('calendar.urlLabel')} value={created.url} />
        </div>
      )}
      {feeds.isPending && <Spinner label={t('calendar.loading')} />}
      {feeds.error && <Alert>{getErrorMessage(feeds.error, t('calendar.failedToLoad'))}</Alert>}
      {feeds.data && feeds.data.length === 0 && <p>{t('calendar.none')}</p>}
      {feeds.data && feeds.data.length > 0 && parent && (
        <FamilyFeedList feeds={feeds.data} selfId={user.id} onDeleted={forget} />
      )}
      {feeds.data && feeds.data.length > 0 && !parent && <OwnFeedList feeds={feeds.data} onDeleted={forget} />}
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
          username={user.email}
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
