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
  password: string;
  confirmPassword: string;
}

export function validateAcceptInvite(
  values: AcceptInviteValues,
): FieldErrors<keyof AcceptInviteValues> {
  return {
    password: values.password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : undefined,
    confirmPassword:
      values.password !== values.confirmPassword ? PASSWORDS_DO_NOT_MATCH : undefined,
  };
}
