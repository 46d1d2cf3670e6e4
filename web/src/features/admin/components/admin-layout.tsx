import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Brand } from '@/components/layouts/brand';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';
import { ThemeToggle } from '@/components/ui';
import { useLogout } from '@/hooks/use-logout';
import { useSessionStore } from '@/stores/session-store';

/** The console's own frame: product name, the admin's email and Logout; no family navigation. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const email = useSessionStore((state) => state.user?.email ?? '');
  const [logout, logoutDialog] = useLogout();
  const { t } = useTranslation('admin');

  return (
    <div className="app-shell">
      <SkipLink />
      <header className="topbar topbar--admin">
        <div className="topbar__inner">
          <Brand suffix={t('layout.brandSuffix')} />
          <div className="topbar__account">
            <ThemeToggle />
            <span className="admin-email">{email}</span>
            <button type="button" className="btn btn--ghost btn--sm" onClick={logout}>
              {t('layout.logout')}
            </button>
          </div>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} className="page" tabIndex={-1}>
        {children}
      </main>
      {logoutDialog}
    </div>
  );
}
