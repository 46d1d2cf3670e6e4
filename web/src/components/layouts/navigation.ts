import { paths } from '@/config/paths';
import { isParentRole } from '@/lib/roles';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
  /** Only active on the exact path (used for the dashboard at "/"). */
  end?: boolean;
  /** A count shown beside the label: the submissions waiting for review. */
  count?: 'pendingReviews';
}

export interface NavMenuItem {
  kind: 'menu';
  label: string;
  items: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavMenuItem;

const link = (label: string, to: string, end = false): NavLinkItem => ({ kind: 'link', label, to, end });

/** The main navigation for a role: parents and admins manage, children do. */
export function navigationFor(role: string | null | undefined): NavItem[] {
  if (isParentRole(role)) {
    return [
      link('Dashboard', paths.app.dashboard.getHref(), true),
      {
        kind: 'menu',
        label: 'Family',
        items: [
          link('Children', paths.app.children.getHref()),
          link('Parents and Adults', paths.app.team.getHref()),
        ],
      },
      {
        kind: 'menu',
        label: 'Chores',
        items: [
          link('Manage Chores', paths.app.chores.getHref()),
          link('Manage Categories', paths.app.categories.getHref()),
        ],
      },
      { ...link('Reviews', paths.app.approval.getHref()), count: 'pendingReviews' },
      link('Payouts', paths.app.payouts.getHref()),
      link('Settings', paths.app.settings.getHref()),
    ];
  }
  return [
    link('My Dashboard', paths.app.dashboard.getHref(), true),
    link('Do Chore', paths.app.submit.getHref()),
    link('My Chores', paths.app.chores.getHref()),
    link('History', paths.app.history.getHref()),
  ];
}

/** A link of the bar at the foot of a phone's screen, with the picture beside its label. */
export interface ShortcutItem {
  label: string;
  to: string;
  end?: boolean;
  icon: 'home' | 'chore' | 'history' | 'payouts';
}

/**
 * What a child does most, one tap away on a phone, where the main navigation
 * folds into a menu: their home, doing a chore, their history and their
 * payouts. Parents have none: their screens are for managing, not a daily round.
 */
export function shortcutsFor(role: string | null | undefined): ShortcutItem[] {
  if (isParentRole(role)) return [];
  return [
    { label: 'Home', to: paths.app.dashboard.getHref(), end: true, icon: 'home' },
    { label: 'Do Chore', to: paths.app.submit.getHref(), icon: 'chore' },
    { label: 'History', to: paths.app.history.getHref(), icon: 'history' },
    { label: 'Payouts', to: paths.app.payouts.getHref(), icon: 'payouts' },
  ];
}
