import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';

import { Brand } from './brand';
import { NavLabel } from './nav-label';
import { NavMenu } from './nav-menu';
import { navigationFor, shortcutsFor } from './navigation';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TabBar } from './tab-bar';
import { ThemeToggle } from '@/components/ui';
import { MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLogout } from '@/hooks/use-logout';
import { roleLabel } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';
import { cn } from '@/utils/cn';
import { fullName } from '@/utils/format';

/**
 * Top navigation, profile link and logout around every signed-in screen; a
 * child's shortcut bar on a phone; `banner` above every screen's content;
 * `bell` (the notification centre's, composed by the app) beside the menu
 * button, so a phone shows it without opening the menu.
 */
export function AppLayout({ banner, bell }: { banner?: ReactNode; bell?: ReactNode } = {}) {
  const user = useSessionStore((state) => state.user);
  const [logout, logoutDialog] = useLogout();
  // Rendered again when the language changes, and the navigation's labels with it.
  const { t } = useTranslation();
  const location = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  // The mobile menu closes by itself whenever the location changes.
  const menuOpen = menuOpenAt === location.key;

  const items = navigationFor(user?.role);
  const shortcuts = shortcutsFor(user?.role);
  const name = user ? fullName(user) || user.email : '';

  return (
    <div className={cn('app-shell', shortcuts.length > 0 && 'app-shell--tab-bar')}>
      <SkipLink />
      <header className="topbar">
        <div className="topbar__inner">
          <Link to={paths.home.getHref()} className="topbar__brand">
            <Brand />
          </Link>
          {bell}
          <button
            type="button"
            className="icon-button topbar__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-navigation"
            aria-label={menuOpen ? t('layout.closeMenu') : t('layout.openMenu')}
            onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
          >
            <MenuIcon />
          </button>
          <div className={cn('topbar__collapse', menuOpen && 'topbar__collapse--open')}>
            <nav id="main-navigation" className="main-nav" aria-label={t('nav.main')}>
              {items.map((item) =>
                item.kind === 'menu' ? (
                  <NavMenu key={item.label} item={item} />
                ) : (
                  <NavLink
                    key={item.to}
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => cn('nav-link', isActive && 'nav-link--active')}
                  >
                    <NavLabel item={item} />
                  </NavLink>
                ),
              )}
            </nav>
            <div className="topbar__account">
              <ThemeToggle />
              <NavLink
                to={paths.app.profile.getHref()}
                className={({ isActive }) => cn('profile-link', isActive && 'profile-link--active')}
                title={t('layout.profile')}
              >
                <span className="avatar" aria-hidden="true">
                  {(name || '?').charAt(0).toUpperCase()}
                </span>
                <span className="profile-link__text">
                  <span className="profile-link__name">{name}</span>
                  <span className="profile-link__role">{roleLabel(user?.role)}</span>
                </span>
              </NavLink>
              <button type="button" className="btn btn--ghost btn--sm" onClick={logout}>
                {t('layout.logout')}
              </button>
            </div>
          </div>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} className="page" tabIndex={-1}>
        {banner}
        <Outlet />
      </main>
      {shortcuts.length > 0 && <TabBar items={shortcuts} />}
      {logoutDialog}
    </div>
  );
}
