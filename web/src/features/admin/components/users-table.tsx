import type { AdminUser } from '../types';
import { userDisplayEmail, userDisplayName } from '../utils/format';
import { DataTable } from './data-table';
import { PlanBadge } from './organization-parts';
import { EmptyState } from '@/components/ui';
import { roleLabel } from '@/lib/roles';
import { formatDate, formatDateTime } from '@/utils/format';

const ALL_COLUMNS = ['User', 'Email', 'Organization', 'Role', 'Status', 'Last Login', 'Created'];
/** Inside one family's details, the family and created columns are left out. */
const FAMILY_COLUMNS = ['User', 'Email', 'Role', 'Status', 'Last Login'];

export interface UsersTableProps {
  users: readonly AdminUser[];
  /** The table's accessible name. */
  label: string;
  /** Inside one family's details: without the family and created columns. */
  withinOrganization?: boolean;
}

/** Users with role label, state and last login; child accounts show no name and no email. */
export function UsersTable({ users, label, withinOrganization = false }: UsersTableProps) {
  if (users.length === 0) return <EmptyState>No users found.</EmptyState>;

  return (
    <DataTable label={label} columns={withinOrganization ? FAMILY_COLUMNS : ALL_COLUMNS}>
      {users.map((user) => (
        <tr key={user.id}>
          <td className={user.isChild ? 'muted' : undefined}>{userDisplayName(user)}</td>
          <td className={user.isChild || !user.email ? 'muted' : undefined}>{userDisplayEmail(user)}</td>
          {!withinOrganization && (
            <td>
              {user.organization ? (
                <span className="admin-badges">
                  {user.organization.name} <PlanBadge plan={user.organization.plan} />
                </span>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
          )}
          <td>{roleLabel(user.role)}</td>
          <td className="admin-status">
            <span className={user.isActive ? 'badge badge--success' : 'badge badge--danger'}>
              {user.isActive ? 'Active' : 'Inactive'}
            </span>
            {user.emailVerified && (
              <span className="admin-verified" title="Email verified">
                <span aria-hidden="true">✓</span>
                <span className="visually-hidden">Email verified</span>
              </span>
            )}
          </td>
          <td>{formatDateTime(user.lastLoginAt, 'Never')}</td>
          {!withinOrganization && <td>{formatDate(user.createdAt)}</td>}
        </tr>
      ))}
    </DataTable>
  );
}
