import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useOrganizations } from '../api/get-organizations';
import { usePlatformStats } from '../api/get-platform-stats';
import { useUsers } from '../api/get-users';
import { AdminLayout } from './admin-layout';
import { LoadError } from './load-error';
import { OrganizationsTab } from './organizations-tab';
import { PlatformDashboard } from './platform-dashboard';
import { PlatformSettings } from './platform-settings';
import { UsersTab } from './users-tab';
import { PageHeader, Spinner, Tabs } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

type AdminTab = 'dashboard' | 'organizations' | 'users' | 'settings';

/**
 * /admin: the platform console for SUPER_ADMIN. The stats and the first page
 * of families load together; All Users loads the first time its tab opens.
 * A load that fails takes the whole page (spec: a load failure is a full page);
 * stats already shown stay when loading them again after a change fails.
 */
export function AdminConsolePage() {
  const { t } = useTranslation(['admin', 'errors']);
  useDocumentTitle(pageTitle(t('documentTitle')));
  const [tab, setTab] = useState<AdminTab>('dashboard');
  const [usersOpened, setUsersOpened] = useState(false);
  const stats = usePlatformStats();
  const organizations = useOrganizations();
  const users = useUsers(usersOpened);

  const failure =
    stats.data === undefined && stats.isError
      ? { error: stats.error, fallback: t('errors:fallback.fetchPlatformData') }
      : users.error !== null
        ? { error: users.error, fallback: t('errors:fallback.fetchUsers') }
        : organizations.error !== null
          ? { error: organizations.error, fallback: t('errors:fallback.fetchPlatformData') }
          : null;

  return (
    <AdminLayout>
      {failure ? (
        <LoadError error={failure.error} fallback={failure.fallback} />
      ) : stats.data === undefined || organizations.page === null ? (
        <Spinner label={t('loading')} />
      ) : (
        <>
          <PageHeader title={t('title')} description={t('description')} />
          <Tabs<AdminTab>
            label={t('tabs.label')}
            selected={tab}
            onSelect={(key) => {
              setTab(key);
              if (key === 'users') setUsersOpened(true);
            }}
            tabs={[
              { key: 'dashboard', label: t('tabs.dashboard'), content: <PlatformDashboard stats={stats.data} /> },
              { key: 'organizations', label: t('tabs.organizations'), content: <OrganizationsTab list={organizations} /> },
              { key: 'users', label: t('tabs.users'), content: <UsersTab list={users} /> },
              { key: 'settings', label: t('tabs.settings'), content: <PlatformSettings /> },
            ]}
          />
        </>
      )}
    </AdminLayout>
  );
}
