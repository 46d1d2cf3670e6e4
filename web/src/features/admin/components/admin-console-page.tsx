import { useCallback, useState } from 'react';

import { getOrganizations } from '../api/get-organizations';
import { getPlatformStats } from '../api/get-platform-stats';
import { getUsers } from '../api/get-users';
import type { Organization, OrganizationQuery, Page, PlatformStats, UserQuery } from '../types';
import { usePagedList } from '../utils/use-paged-list';
import { AdminLayout } from './admin-layout';
import { LoadError } from './load-error';
import { OrganizationsTab } from './organizations-tab';
import { PlatformDashboard } from './platform-dashboard';
import { PlatformSettings } from './platform-settings';
import { UsersTab } from './users-tab';
import { PageHeader, Spinner, Tabs } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource } from '@/hooks/use-resource';

type AdminTab = 'dashboard' | 'organizations' | 'users' | 'settings';

const FIRST_ORGANIZATIONS: OrganizationQuery = { search: '', plan: 'ALL', status: 'ALL', page: 1 };
const FIRST_USERS: UserQuery = { search: '', role: 'ALL', page: 1 };

interface PlatformData {
  stats: PlatformStats;
  organizations: Page<Organization>;
}

/** The stats and the first page of families, loaded together for the first render. */
async function loadPlatformData(signal: AbortSignal): Promise<PlatformData> {
  const [stats, organizations] = await Promise.all([
    getPlatformStats(signal),
    getOrganizations(FIRST_ORGANIZATIONS, signal),
  ]);
  return { stats, organizations };
}

/** /admin: the platform console for SUPER_ADMIN. */
export function AdminConsolePage() {
  useDocumentTitle(pageTitle('Admin Console'));
  const { resource, update } = useResource(loadPlatformData, 'platform data');

  // After an organization changes, the dashboard's figures follow.
  const refreshStats = useCallback(() => {
    getPlatformStats()
      .then((stats) => update((data) => ({ ...data, stats })))
      .catch((error: unknown) => console.error('Failed to refresh platform stats', error));
  }, [update]);

  return (
    <AdminLayout>
      {resource.status === 'loading' && <Spinner label="Loading platform data…" />}
      {resource.status === 'failed' && <LoadError error={resource.error} fallback="Failed to fetch platform data" />}
      {resource.status === 'ready' && <AdminConsole data={resource.data} onOrganizationChanged={refreshStats} />}
    </AdminLayout>
  );
}

function AdminConsole({ data, onOrganizationChanged }: { data: PlatformData; onOrganizationChanged: () => void }) {
  const [tab, setTab] = useState<AdminTab>('dashboard');
  // All Users loads the first time its tab opens.
  const [usersOpened, setUsersOpened] = useState(false);
  const organizations = usePagedList({
    load: getOrganizations,
    initialQuery: FIRST_ORGANIZATIONS,
    initialPage: data.organizations,
    what: 'organizations',
  });
  const users = usePagedList({ load: getUsers, initialQuery: FIRST_USERS, enabled: usersOpened, what: 'users' });

  // A list that fails to load takes the whole page, as the first load does (spec: a load failure is a full page).
  if (users.error !== null) return <LoadError error={users.error} fallback="Failed to fetch users" />;
  if (organizations.error !== null) {
    return <LoadError error={organizations.error} fallback="Failed to fetch platform data" />;
  }

  return (
    <>
      <PageHeader title="Platform Administration" description="Organizations, users and platform settings." />
      <Tabs<AdminTab>
        label="Admin console"
        selected={tab}
        onSelect={(key) => {
          setTab(key);
          if (key === 'users') setUsersOpened(true);
        }}
        tabs={[
          { key: 'dashboard', label: 'Dashboard', content: <PlatformDashboard stats={data.stats} /> },
          {
            key: 'organizations',
            label: 'Organizations',
            content: <OrganizationsTab list={organizations} onChanged={onOrganizationChanged} />,
          },
          { key: 'users', label: 'All Users', content: <UsersTab list={users} /> },
          { key: 'settings', label: 'Platform Settings', content: <PlatformSettings /> },
        ]}
      />
    </>
  );
}
