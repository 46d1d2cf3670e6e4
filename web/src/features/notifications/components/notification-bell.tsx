import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { useNotifications } from '../api/notifications';
import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import { cn } from '@/utils/cn';

/**
 * The bell in the header: opens the notification centre, with the number
 * unread as a badge. Kept outside the folding menu, so a phone shows it too;
 * the live stream's `notification` event reloads the count.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const member = useSessionStore((state) => Boolean(state.user) && state.user?.role !== 'SUPER_ADMIN');
  const { data } = useNotifications(member);
  const unread = data?.unread ?? 0;
  if (!member) return null;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <NavLink
      to={paths.app.notifications.getHref()}
      className={({ isActive }) => cn('icon-button notification-bell', isActive && 'notification-bell--active')}
      aria-label={label}
      title={label}
    >
      <BellIcon />
      {unread > 0 && (
        <span className="notification-bell__badge" aria-hidden="true" data-testid="notification-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
