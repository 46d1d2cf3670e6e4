import { i18n } from '@/lib/i18n';
import { MIN_PASSWORD_LENGTH, isBlank, validateEmail, type FieldErrors } from '@/lib/validation';

const passwordTooShort = () => i18n.t('validation:passwordTooShort', { min: MIN_PASSWORD_LENGTH });
const passwordRequired = () => i18n.t('validation:passwordRequired');
const firstNameRequired = () => i18n.t('validation:firstNameRequired');

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return {
    email: validateEmail(values.email),
    password: values.password ? undefined : passwordRequired(),
  };
}

export interface RegisterValues {
  organizationName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  let password: string | undefined;
  if (!values.password) password = passwordRequired();
  else if (values.password.length < MIN_PASSWORD_LENGTH) password = passwordTooShort();

  return {
    organizationName: isBlank(values.organizationName) ? i18n.t('validation:familyNameRequired') : undefined,
    firstName: isBlank(values.firstName) ? firstNameRequired() : undefined,
    lastName: isBlank(values.lastName) ? i18n.t('validation:lastNameRequired') : undefined,
    email: validateEmail(values.email),
    password,
  };
}

export interface AcceptInviteValues {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

/** What the invitation leaves for the invitee to fill in. */
export interface InviteeAsks {
  email: boolean;
  name: boolean;
}

/**
 * An invitation always needs a password; one that names no email (an open
 * invite code) also asks for it, and one that names nobody asks for a name.
 */
export function validateAcceptInvite(
  values: AcceptInviteValues,
  asks: InviteeAsks = { email: false, name: false },
): FieldErrors<keyof AcceptInviteValues> {
  return {
    email: asks.email ? validateEmail(values.email) : undefined,
    firstName: asks.name && isBlank(values.firstName) ? firstNameRequired() : undefined,
    password: values.password.length < MIN_PASSWORD_LENGTH ? passwordTooShort() : undefined,
    confirmPassword: values.password !== values.confirmPassword ? i18n.t('validation:passwordsDoNotMatch') : undefined,
  };
}
