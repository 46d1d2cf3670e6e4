import type { AdminUser, UserQuery } from '../types';
import { filterOptions, ROLES } from '../utils/list-query';
import type { PagedList } from '../utils/use-paged-list';
import { ListToolbar } from './list-toolbar';
import { PagedListView } from './paged-list-view';
import { UsersTable } from './users-table';
import { roleLabel } from '@/lib/roles';

const ROLE_OPTIONS = filterOptions('All Roles', ROLES, (role) => `${roleLabel(role)} (${role})`);

/** Every user of the platform: search, role filter and pages. */
export function UsersTab({ list }: { list: PagedList<UserQuery, AdminUser> }) {
  return (
    <div className="admin-tab">
      <ListToolbar
        label="Search users"
        placeholder="Name, email or organization"
        search={list.query.search}
        filters={[{ name: 'role', label: 'Role', value: list.query.role, options: ROLE_OPTIONS }]}
        onApply={(change) => list.setQuery(change)}
      />
      <PagedListView list={list} label="Users" noun="user">
        {(users) => <UsersTable users={users} label="All users" />}
      </PagedListView>
    </div>
  );
}
