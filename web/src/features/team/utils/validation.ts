import { EXPIRY_DAYS, INVITE_ROLES } from './invite-options';
import { isBlank, validateEmail, type FieldErrors } from '@/lib/validation';

export interface InviteCodeValues {
  role: string;
  email: string;
  expiresInDays: string;
}

/** Email optional (empty allows any email); role and expiry from the offered choices. */
export function validateInviteCode(values: InviteCodeValues): FieldErrors<keyof InviteCodeValues> {
  return {
    role: (INVITE_ROLES as readonly string[]).includes(values.role) ? undefined : 'Please choose a role',
    email: isBlank(values.email) ? undefined : validateEmail(values.email),
    expiresInDays: (EXPIRY_DAYS as readonly number[]).includes(Number(values.expiresInDays))
      ? undefined
      : 'Please choose when the invitation expires',
  };
}
