import {
  validateCurrentPassword,
  validateEmail,
  validateNewPassword,
  validatePasswordConfirmation,
  type FieldErrors,
} from '@/lib/validation';

/** The Personal Information form, as typed. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * Only the email is required; names and phone may be left empty. A child
 * added without an address (`addressless`) keeps saving without one.
 */
export function validateProfile(
  values: ProfileFormValues,
  { addressless = false }: { addressless?: boolean } = {},
): FieldErrors<keyof ProfileFormValues> {
  if (addressless && values.email.trim() === '') return { email: undefined };
  return { email: validateEmail(values.email) };
}

/** The Change password form, as typed. */
export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The current password is required; the new one as any new password, typed twice. */
export function validateChangePassword(values: ChangePasswordValues): FieldErrors<keyof ChangePasswordValues> {
  return {
    currentPassword: validateCurrentPassword(values.currentPassword),
    newPassword: validateNewPassword(values.newPassword),
    confirmPassword: validatePasswordConfirmation(values.newPassword, values.confirmPassword),
  };
}
