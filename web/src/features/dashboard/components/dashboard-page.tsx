import { useTranslation } from 'react-i18next';

import { AdminDashboard } from './admin-dashboard';
import { ChildDashboard } from './child-dashboard';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';

/** The index screen: the parent dashboard for ORG_ADMIN and SUPER_ADMIN, "My Dashboard" otherwise. */
export function DashboardPage() {
  const role = useSessionStore((state) => state.user?.role);
  const parent = isParentRole(role);
  const { t } = useTranslation('dashboard');
  useDocumentTitle(pageTitle(parent ? t('parent.title') : t('child.title')));
  return parent ? <AdminDashboard /> : <ChildDashboard />;
}
