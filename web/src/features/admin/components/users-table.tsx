import { useTranslation } from 'react-i18next';

import type { AdminUser } from '../types';
import { userDisplayEmail, userDisplayName } from '../utils/format';
import { PlanBadge } from './organization-parts';
import { DataTable, EmptyState, type DataColumn } from '@/components/ui';
import { i18n } from '@/lib/i18n';
import { roleLabel } from '@/lib/roles';
import { formatDate, formatDateTime } from '@/utils/format';

type ColumnName = 'user' | 'email' | 'organization' | 'role' | 'status' | 'lastLogin' | 'created';

/** The columns of a users table, headed in the interface language. */
function columns(): Record<ColumnName, DataColumn<AdminUser>> {
  const label = (name: ColumnName) => i18n.t(`admin:users.columns.${name}`);
  return {
    user: { label: label('user'), cell: userDisplayName, className: (user) => (user.isChild ? 'muted' : undefined) },
    email: {
      label: label('email'),
      cell: userDisplayEmail,
      className: (user) => (user.isChild || !user.email ? 'muted' : undefined),
    },
    organization: {
      label: label('organization'),
      cell: (user) =>
        user.organization ? (
          <span className="admin-badges">
            {user.organization.name} <PlanBadge plan={user.organization.plan} />
          </span>
        ) : (
          <span className="muted">{i18n.t('common:none')}</span>
        ),
    },
    role: { label: label('role'), cell: (user) => roleLabel(user.role) },
    status: { label: label('status'), className: 'admin-status', cell: (user) => <UserStatus user={user} /> },
    lastLogin: { label: label('lastLogin'), cell: (user) => formatDateTime(user.lastLoginAt, i18n.t('common:never')) },
    created: { label: label('created'), cell: (user) => formatDate(user.createdAt) },
  };
}

/** Active or Inactive, and a mark when the email is verified. */
function UserStatus({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <span className={user.isActive ? 'badge badge--success' : 'badge badge--danger'}>
        {user.isActive ? t('users.active') : t('users.inactive')}
      </span>
      {user.emailVerified && (
        <span className="admin-verified" title={t('users.verified')}>
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">{t('users.verified')}</span>
        </span>
      )}
    </>
  );
}

const ALL_COLUMNS: readonly ColumnName[] = ['user', 'email', 'organization', 'role', 'status', 'lastLogin', 'created'];
/** Inside one family's details, the family and created columns are left out. */
const FAMILY_COLUMNS: readonly ColumnName[] = ['user', 'email', 'role', 'status', 'lastLogin'];

export interface UsersTableProps {
  users: readonly AdminUser[];
  /** The table's accessible name. */
  label: string;
  /** Inside one family's details: without the family and created columns. */
  withinOrganization?: boolean;
}

/** Users with role label, state and last login; child accounts show no name and no email. */
export function UsersTable({ users, label, withinOrganization = false }: UsersTableProps) {
  const { t } = useTranslation('admin');
  if (users.length === 0) return <EmptyState>{t('users.empty')}</EmptyState>;

  const all = columns();
  return (
    <DataTable
      label={label}
      columns={(withinOrganization ? FAMILY_COLUMNS : ALL_COLUMNS).map((name) => all[name])}
      rows={users}
      rowKey={(user) => user.id}
    />
  );
}
