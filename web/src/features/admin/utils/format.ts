import type { AdminUser } from '../types';
import { i18n } from '@/lib/i18n';
import { fullName } from '@/utils/format';

/** Child accounts are private: never their name, never their email. */
export function userDisplayName(user: AdminUser): string {
  if (user.isChild) return i18n.t('admin:users.childAccount');
  return fullName(user) || '—';
}

export function userDisplayEmail(user: AdminUser): string {
  if (user.isChild) return i18n.t('admin:users.hidden');
  return user.email ?? i18n.t('admin:users.hidden');
}
