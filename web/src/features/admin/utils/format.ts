import type { AdminUser } from '../types';
import { fullName } from '@/utils/format';

/** Child accounts are private: never their name, never their email. */
export function userDisplayName(user: AdminUser): string {
  if (user.isChild) return 'Child account';
  return fullName(user) || '—';
}

export function userDisplayEmail(user: AdminUser): string {
  if (user.isChild) return 'Hidden';
  return user.email ?? 'Hidden';
}
