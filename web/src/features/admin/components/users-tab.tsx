import { useTranslation } from 'react-i18next';

import type { AdminUser, UserQuery } from '../types';
import { filterOptions, ROLES } from '../utils/list-query';
import type { PagedList } from '../utils/use-paged-list';
import { ListToolbar } from './list-toolbar';
import { PagedListView } from './paged-list-view';
import { UsersTable } from './users-table';
import { roleLabel } from '@/lib/roles';

/** Every user of the platform: search, role filter and pages. */
export function UsersTab({ list }: { list: PagedList<UserQuery, AdminUser> }) {
  const { t } = useTranslation('admin');
  const roleOptions = filterOptions(t('users.allRoles'), ROLES, (role) =>
    t('users.roleOption', { label: roleLabel(role), role }),
  );
  return (
    <div className="admin-tab">
      <ListToolbar
        label={t('users.searchLabel')}
        placeholder={t('users.placeholder')}
        search={list.query.search}
        filters={[{ name: 'role', label: t('users.role'), value: list.query.role, options: roleOptions }]}
        onApply={(change) => list.setQuery(change)}
      />
      <PagedListView
        list={list}
        label={t('users.listLabel')}
        loadingLabel={t('users.loading')}
        countText={(count) => t('users.count', { count })}
      >
        {(users) => <UsersTable users={users} label={t('users.tableLabel')} />}
      </PagedListView>
    </div>
  );
}
