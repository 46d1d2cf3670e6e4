import type { InviteRole } from '../types';
import { paths } from '@/config/paths';
import { roleLabel } from '@/lib/roles';

export const INVITE_ROLES = ['ORG_ADMIN', 'ORG_MEMBER'] as const satisfies readonly InviteRole[];
export const DEFAULT_INVITE_ROLE: InviteRole = 'ORG_ADMIN';

export const EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_EXPIRY_DAYS = 7;

export const ROLE_OPTIONS = INVITE_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

export const EXPIRY_OPTIONS = EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));

/** Where an invite code is redeemed: the invitation screen of this site. */
export function inviteLinkFor(code: string, origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}${paths.auth.invite.getHref(code)}`;
}
