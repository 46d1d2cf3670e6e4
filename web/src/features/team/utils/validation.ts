import { EXPIRY_DAYS, INVITE_ROLES } from './invite-options';
import { i18n } from '@/lib/i18n';
import { isBlank, validateEmail, type FieldErrors } from '@/lib/validation';

export interface InviteCodeValues {
  role: string;
  email: string;
  expiresInDays: string;
}

/** Email optional (empty allows any email); role and expiry from the offered choices. */
export function validateInviteCode(values: InviteCodeValues): FieldErrors<keyof InviteCodeValues> {
  return {
    role: (INVITE_ROLES as readonly string[]).includes(values.role) ? undefined : i18n.t('validation:roleRequired'),
    email: isBlank(values.email) ? undefined : validateEmail(values.email),
    expiresInDays: (EXPIRY_DAYS as readonly number[]).includes(Number(values.expiresInDays))
      ? undefined
      : i18n.t('validation:expiryRequired'),
  };
}
