import type { AdminUser } from '../types';
import { userDisplayEmail, userDisplayName } from '../utils/format';
import { PlanBadge } from './organization-parts';
import { DataTable, EmptyState, type DataColumn } from '@/components/ui';
import { roleLabel } from '@/lib/roles';
import { formatDate, formatDateTime } from '@/utils/format';

const USER: DataColumn<AdminUser> = {
  label: 'User',
  cell: userDisplayName,
  className: (user) => (user.isChild ? 'muted' : undefined),
};
const EMAIL: DataColumn<AdminUser> = {
  label: 'Email',
  cell: userDisplayEmail,
  className: (user) => (user.isChild || !user.email ? 'muted' : undefined),
};
const ORGANIZATION: DataColumn<AdminUser> = {
  label: 'Organization',
  cell: (user) =>
    user.organization ? (
      <span className="admin-badges">
        {user.organization.name} <PlanBadge plan={user.organization.plan} />
      </span>
    ) : (
      <span className="muted">—</span>
    ),
};
const ROLE: DataColumn<AdminUser> = { label: 'Role', cell: (user) => roleLabel(user.role) };
const STATUS: DataColumn<AdminUser> = {
  label: 'Status',
  className: 'admin-status',
  cell: (user) => (
    <>
      <span className={user.isActive ? 'badge badge--success' : 'badge badge--danger'}>
        {user.isActive ? 'Active' : 'Inactive'}
      </span>
      {user.emailVerified && (
        <span className="admin-verified" title="Email verified">
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">Email verified</span>
        </span>
      )}
    </>
  ),
};
const LAST_LOGIN: DataColumn<AdminUser> = { label: 'Last Login', cell: (user) => formatDateTime(user.lastLoginAt, 'Never') };
const CREATED: DataColumn<AdminUser> = { label: 'Created', cell: (user) => formatDate(user.createdAt) };

const ALL_COLUMNS = [USER, EMAIL, ORGANIZATION, ROLE, STATUS, LAST_LOGIN, CREATED];
/** Inside one family's details, the family and created columns are left out. */
const FAMILY_COLUMNS = [USER, EMAIL, ROLE, STATUS, LAST_LOGIN];

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
    <DataTable
      label={label}
      columns={withinOrganization ? FAMILY_COLUMNS : ALL_COLUMNS}
      rows={users}
      rowKey={(user) => user.id}
    />
  );
}
