import { paths } from '@/config/paths';
import type { Role } from '@/types/api';

const ROLE_LABELS: Record<Role, string> = {
  ORG_ADMIN: 'Parent',
  ORG_MEMBER: 'Child',
  SUPER_ADMIN: 'Admin',
};

/** Role as shown to people: Parent, Child or Admin. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return '';
  return ROLE_LABELS[role as Role] ?? role;
}

/** Parents and super admins manage the family (the super admin counts as parent-level). */
export function isParentRole(role: string | null | undefined): boolean {
  return role === 'ORG_ADMIN' || role === 'SUPER_ADMIN';
}

/** Where a user lands after login: the admin console for SUPER_ADMIN, the dashboard otherwise. */
export function homePathFor(role: string | null | undefined): string {
  return role === 'SUPER_ADMIN' ? paths.admin.getHref() : paths.home.getHref();
}
