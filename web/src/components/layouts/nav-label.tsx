import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import type { NavLinkItem } from './navigation';
import { usePendingSubmissions } from '@/api/get-pending-submissions';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';

/** A navigation link's text, with its count when it has one ("Reviews, 3 waiting"). */
export function NavLabel({ item }: { item: NavLinkItem }) {
  return item.count === 'pendingReviews' ? <LabelWithPendingReviews label={item.label} /> : <>{item.label}</>;
}

/**
 * The label with how many submissions wait for review: the Reviews page's
 * own list, so the two always agree. It is read again whenever the parent
 * opens a screen, and after every review (which makes the list stale).
 * Nothing shows at zero.
 */
function LabelWithPendingReviews({ label }: { label: string }) {
  const enabled = useSessionStore((state) => isParentRole(state.user?.role));
  const { data, refetch } = usePendingSubmissions({ enabled });
  const { pathname } = useLocation();
  const { t } = useTranslation();

  useEffect(() => {
    // Joins a load already under way (the Reviews page's) rather than restarting it.
    if (enabled) void refetch({ cancelRefetch: false });
  }, [enabled, refetch, pathname]);

  const count = data?.length ?? 0;
  if (count === 0) return <>{label}</>;
  // The name is read from one text ("Reviews, 3 waiting"): browsers would
  // otherwise space the label and the badge apart.
  return (
    <span className="nav-count-label">
      <span aria-hidden="true">{label}</span>
      <span className="nav-count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">
        {t('nav.waiting', { label, count })}
      </span>
    </span>
  );
}
