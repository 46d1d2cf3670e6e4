import {
  MIN_PASSWORD_LENGTH,
  isBlank,
  validateEmail,
  type FieldErrors,
} from '@/lib/validation';

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return {
    email: validateEmail(values.email),
    password: values.password ? undefined : 'Password is required',
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
  if (!values.password) password = 'Password is required';
  else if (values.password.length < MIN_PASSWORD_LENGTH) password = PASSWORD_TOO_SHORT;

  return {
    organizationName: isBlank(values.organizationName) ? 'Family name is required' : undefined,
    firstName: isBlank(values.firstName) ? 'First name is required' : undefined,
    lastName: isBlank(values.lastName) ? 'Last name is required' : undefined,
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
    firstName: asks.name && isBlank(values.firstName) ? 'First name is required' : undefined,
    password: values.password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : undefined,
    confirmPassword:
      values.password !== values.confirmPassword ? PASSWORDS_DO_NOT_MATCH : undefined,
  };
}
