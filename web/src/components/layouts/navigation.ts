import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import type common from '@/locales/en/common.json';
import { isParentRole } from '@/lib/roles';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
  /** Only active on the exact path (used for the dashboard at "/"). */
  end?: boolean;
  /** A count shown beside the label: the submissions waiting for review, or the store requests waiting for a decision. */
  count?: 'pendingReviews' | 'pendingStoreRequests';
}

export interface NavMenuItem {
  kind: 'menu';
  label: string;
  items: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavMenuItem;

type NavKey = Exclude<keyof (typeof common)['nav'], `waiting_${string}` | 'main' | 'shortcuts'>;

/** A label in the language shown: the navigation is built again on each render, so it follows a change. */
const label = (key: NavKey): string => i18n.t(`common:nav.${key}`);

const link = (key: NavKey, to: string, end = false): NavLinkItem => ({ kind: 'link', label: label(key), to, end });

/** The main navigation for a role: parents and admins manage, children do. */
export function navigationFor(role: string | null | undefined): NavItem[] {
  if (isParentRole(role)) {
    return [
      link('dashboard', paths.app.dashboard.getHref(), true),
      {
        kind: 'menu',
        label: label('family'),
        items: [
          link('children', paths.app.children.getHref()),
          link('team', paths.app.team.getHref()),
        ],
      },
      {
        kind: 'menu',
        label: label('chores'),
        items: [
          link('today', paths.app.today.getHref()),
          link('manageChores', paths.app.chores.getHref()),
          link('manageCategories', paths.app.categories.getHref()),
        ],
      },
      { ...link('reviews', paths.app.approval.getHref()), count: 'pendingReviews' },
      link('payouts', paths.app.payouts.getHref()),
      { ...link('store', paths.app.store.getHref()), count: 'pendingStoreRequests' },
      link('settings', paths.app.settings.getHref()),
    ];
  }
  return [
    link('myDashboard', paths.app.dashboard.getHref(), true),
    link('doChore', paths.app.submit.getHref()),
    link('myChores', paths.app.chores.getHref()),
    link('history', paths.app.history.getHref()),
    link('store', paths.app.store.getHref()),
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
    { label: label('home'), to: paths.app.dashboard.getHref(), end: true, icon: 'home' },
    { label: label('doChore'), to: paths.app.submit.getHref(), icon: 'chore' },
    { label: label('history'), to: paths.app.history.getHref(), icon: 'history' },
    { label: label('payouts'), to: paths.app.payouts.getHref(), icon: 'payouts' },
  ];
}
