import type { InviteRole } from '../types';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { roleLabel } from '@/lib/roles';

export const INVITE_ROLES = ['ORG_ADMIN', 'ORG_MEMBER'] as const satisfies readonly InviteRole[];
export const DEFAULT_INVITE_ROLE: InviteRole = 'ORG_ADMIN';

export const EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_EXPIRY_DAYS = 7;

/** Parent, then Child. */
export const roleOptions = () => INVITE_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

/** 1 day, 3 days… */
export const expiryOptions = () =>
  EXPIRY_DAYS.map((days) => ({ value: String(days), label: i18n.t('team:expiry.days', { count: days }) }));

/** Where an invite code is redeemed: the invitation screen of this site. */
export function inviteLinkFor(code: string, origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}${paths.auth.invite.getHref(code)}`;
}
