import { paths } from '@/config/paths';
import type { Role } from '@/types/api';

const ROLE_LABELS: Readonly<Record<string, string | undefined>> = {
  ORG_ADMIN: 'Parent',
  ORG_MEMBER: 'Child',
  SUPER_ADMIN: 'Admin',
} satisfies Record<Role, string>;

/** Role as shown to people: Parent, Child or Admin (a role this version does not know, as it is). */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return '';
  return ROLE_LABELS[role] ?? role;
}

/** Parents and super admins manage the family (the super admin counts as parent-level). */
export function isParentRole(role: string | null | undefined): boolean {
  return role === 'ORG_ADMIN' || role === 'SUPER_ADMIN';
}

/** Where a user lands after login: the admin console for SUPER_ADMIN, the dashboard otherwise. */
export function homePathFor(role: string | null | undefined): string {
  return role === 'SUPER_ADMIN' ? paths.admin.getHref() : paths.home.getHref();
}
