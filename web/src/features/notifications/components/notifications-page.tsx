import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useMarkNotificationsRead, useNotifications, type NotificationView } from '../api/notifications';
import { Alert, Button, Card, EmptyState, PageHeader, Spinner } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { getErrorMessage } from '@/lib/api-client';
import { getChildren } from '@/api/get-children';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { queryKeys } from '@/lib/query-keys';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';
import { formatDateTime, formatMoney, formatTimeOfDay } from '@/utils/format';

/** The words of one notification: who and what, from the event's ids and amounts. */
function useDescribe() {
  const { t } = useTranslation();
  const role = useSessionStore((state) => state.user?.role);
  // Parents' notifications name a child; a child's are about themselves.
  const children = useQuery({
    queryKey: queryKeys.children,
    queryFn: ({ signal }) => getChildren(signal),
    enabled: isParentRole(role),
    meta: { what: 'children' },
  });
  const nameOf = (id: unknown) =>
    children.data?.find((child) => child.id === id)?.name ?? t('notifications.aChild');
  return (n: NotificationView): string => {
    const data = n.data as Record<string, unknown>;
    // Notifications from before chores were named in them keep their words.
    const chore = typeof data.choreName === 'string' ? data.choreName : '';
    const context = chore ? undefined : 'unnamed';
    switch (n.kind) {
      case 'SUBMISSION':
        return t('notifications.kinds.submission', { name: nameOf(data.childId), chore, context });
      case 'STORE_REQUEST':
        return t('notifications.kinds.storeRequest', { name: nameOf(data.childId) });
      case 'WEBHOOK_DISABLED':
        return t('notifications.kinds.webhookDisabled', { url: typeof data.url === 'string' ? data.url : '' });
      case 'REVIEW':
        return data.approved
          ? t('notifications.kinds.approved', {
              chore,
              context,
              reward: formatMoney(typeof data.reward === 'number' ? data.reward : 0),
            })
          : t('notifications.kinds.rejected', { chore, context });
      case 'STORE_DECISION':
        return data.status === 'APPROVED'
          ? t('notifications.kinds.storeApproved')
          : t('notifications.kinds.storeRejected');
      case 'DUE_REMINDER':
        return t('notifications.kinds.dueReminder', {
          chore: typeof data.choreName === 'string' ? data.choreName : '',
          time: formatTimeOfDay(typeof data.dueTime === 'string' ? data.dueTime : null, ''),
        });
    }
  };
}

/** Where a notification leads: the screen where what it tells of is seen or handled. */
function targetOf(n: NotificationView): string {
  switch (n.kind) {
    case 'SUBMISSION':
      return paths.app.approval.getHref();
    case 'STORE_REQUEST':
    case 'STORE_DECISION':
      return paths.app.store.getHref();
    case 'WEBHOOK_DISABLED':
      return paths.app.settings.getHref();
    case 'REVIEW':
      return paths.app.history.getHref();
    case 'DUE_REMINDER':
      return paths.app.dashboard.getHref();
  }
}

/** The parent's note on a review, when they wrote one. */
function noteOf(n: NotificationView): string | null {
  const { note } = n.data as Record<string, unknown>;
  return n.kind === 'REVIEW' && typeof note === 'string' && note.trim() !== '' ? note : null;
}

/** /notifications: the signed-in user's latest notifications, newest first, to open or mark read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(pageTitle(t('notifications.title')));
  const notifications = useNotifications();
  const { mutateAsync: markRead } = useMarkNotificationsRead();
  const all = useAction(t('notifications.failedToMark'));
  const describe = useDescribe();
  const unread = notifications.data?.unread ?? 0;

  return (
    <>
      <PageHeader title={t('notifications.title')} description={t('notifications.description')} />
      <Card
        title={t('notifications.unreadCount', { count: unread })}
        actions={
          unread > 0 ? (
            <Button size="sm" variant="secondary" isLoading={all.busy} onClick={() =>
                void all.run(async () => {
                  await markRead(undefined);
                })
              }>
              {t('notifications.markAllRead')}
            </Button>
          ) : undefined
        }
      >
        {all.error && <Alert>{all.error}</Alert>}
        {notifications.isPending && <Spinner label={t('notifications.loading')} />}
        {notifications.error && <Alert>{getErrorMessage(notifications.error, t('notifications.failedToLoad'))}</Alert>}
        {notifications.data && notifications.data.notifications.length === 0 && (
          <EmptyState>{t('notifications.none')}</EmptyState>
        )}
        {notifications.data && notifications.data.notifications.length > 0 && (
          <ul className="notification-list" aria-label={t('notifications.listLabel')}>
            {notifications.data.notifications.map((n) => (
              <NotificationRow key={n.id} notification={n} text={describe(n)} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function NotificationRow({ notification, text }: { notification: NotificationView; text: string }) {
  const { t } = useTranslation();
  const { mutateAsync: markRead } = useMarkNotificationsRead();
  const { busy, error, run } = useAction(t('notifications.failedToMark'));
  const unread = !notification.readAt;
  const note = noteOf(notification);
  // Opened, it is seen: marked read on the way (a failure leaves it unread, as it was).
  const onOpen = () => {
    if (unread) void markRead([notification.id]).catch(() => undefined);
  };
  return (
    <li className={`notification-list__item${unread ? ' notification-list__item--unread' : ''}`}>
      <div className="notification-list__text">
        <span>
          <Link to={targetOf(notification)} onClick={onOpen}>
            {text}
          </Link>
        </span>
        {note && <span className="small">{t('notifications.note', { note })}</span>}
        <span className="muted small">
          {formatDateTime(notification.createdAt)}
          {unread && ` · ${t('notifications.new')}`}
        </span>
        {error && <Alert>{error}</Alert>}
      </div>
      {unread && (
        <Button
          size="sm"
          variant="ghost"
          isLoading={busy}
          onClick={() =>
            void run(async () => {
              await markRead([notification.id]);
            })
          }
          aria-label={t('notifications.markReadLabel', { text })}
        >
          {t('notifications.markRead')}
        </Button>
      )}
    </li>
  );
}
