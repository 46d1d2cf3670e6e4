import { AdminDashboard } from './admin-dashboard';
import { ChildDashboard } from './child-dashboard';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';

/** The index screen: the parent dashboard for ORG_ADMIN and SUPER_ADMIN, "My Dashboard" otherwise. */
export function DashboardPage() {
  const role = useSessionStore((state) => state.user?.role);
  const parent = isParentRole(role);
  useDocumentTitle(pageTitle(parent ? 'Dashboard' : 'My Dashboard'));
  return parent ? <AdminDashboard /> : <ChildDashboard />;
}
