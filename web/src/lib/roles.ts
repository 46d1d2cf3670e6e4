import { i18n } from './i18n';
import { paths } from '@/config/paths';
import type { Role } from '@/types/api';

const ROLES: readonly Role[] = ['ORG_ADMIN', 'ORG_MEMBER', 'SUPER_ADMIN'];

function isRole(role: string): role is Role {
  return (ROLES as readonly string[]).includes(role);
}

/** Role as shown to people: Parent, Child or Admin (a role this version does not know, as it is). */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return '';
  return isRole(role) ? i18n.t(`common:roles.${role}`) : role;
}

/** Parents and super admins manage the family (the super admin counts as parent-level). */
export function isParentRole(role: string | null | undefined): boolean {
  return role === 'ORG_ADMIN' || role === 'SUPER_ADMIN';
}

/** Where a user lands after login: the admin console for SUPER_ADMIN, the dashboard otherwise. */
export function homePathFor(role: string | null | undefined): string {
  return role === 'SUPER_ADMIN' ? paths.admin.getHref() : paths.home.getHref();
}
