import { Brand } from '@/components/layouts/brand';
import { Card, PageHeader, ThemeToggle } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useLogout } from '@/hooks/use-logout';
import { useSessionStore } from '@/stores/session-store';

/** /admin: the platform console for SUPER_ADMIN. */
export function AdminConsolePage() {
  useDocumentTitle(pageTitle('Admin Console'));
  const email = useSessionStore((state) => state.user?.email ?? '');
  const logout = useLogout();

  return (
    <div className="app-shell">
      <header className="topbar topbar--admin">
        <div className="topbar__inner">
          <Brand suffix="Admin" />
          <div className="topbar__account">
            <ThemeToggle />
            <span className="admin-email">{email}</span>
            <button type="button" className="btn btn--ghost btn--sm" onClick={logout}>
              Logout
            </button>
          </div>
        </div>
      </header>
      <main className="page">
        <PageHeader
          title="Platform Administration"
          description="Organizations, users and platform settings."
        />
        <Card className="coming-soon">
          <p className="coming-soon__badge">Coming soon</p>
          <p className="muted">
            The platform dashboard, organizations, users and settings will appear here.
          </p>
        </Card>
      </main>
    </div>
  );
}
