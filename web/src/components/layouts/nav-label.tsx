import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import type { NavLinkItem } from './navigation';
import { usePendingSubmissions } from '@/api/get-pending-submissions';
import { usePendingStoreRequests } from '@/api/store-requests';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';

/** A navigation link's text, with its count when it has one ("Reviews, 3 waiting"). */
export function NavLabel({ item }: { item: NavLinkItem }) {
  switch (item.count) {
    case 'pendingReviews':
      return <LabelWithPendingReviews label={item.label} />;
    case 'pendingStoreRequests':
      return <LabelWithPendingStoreRequests label={item.label} />;
    default:
      return <>{item.label}</>;
  }
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

  useEffect(() => {
    // Joins a load already under way (the Reviews page's) rather than restarting it.
    if (enabled) void refetch({ cancelRefetch: false });
  }, [enabled, refetch, pathname]);

  return <CountedLabel label={label} count={data?.length ?? 0} />;
}

/**
 * The Store's label with how many store requests wait for a parent's
 * decision: the Store page's own list of them, read again as the parent
 * moves between screens and whenever a request or decision arrives live.
 */
function LabelWithPendingStoreRequests({ label }: { label: string }) {
  const enabled = useSessionStore((state) => isParentRole(state.user?.role));
  const { data, refetch } = usePendingStoreRequests({ enabled });
  const { pathname } = useLocation();

  useEffect(() => {
    if (enabled) void refetch({ cancelRefetch: false });
  }, [enabled, refetch, pathname]);

  return <CountedLabel label={label} count={data?.length ?? 0} />;
}

/** The label and its count, read as one text ("Store, 2 waiting"); nothing shows at zero. */
function CountedLabel({ label, count }: { label: string; count: number }) {
  const { t } = useTranslation();
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
