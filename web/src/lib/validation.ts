/** Field name -> message, for the fields that failed. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const MIN_PASSWORD_LENGTH = 6;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isBlank(value: string | null | undefined): boolean {
  return !value || !value.trim();
}

export function hasErrors<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Email checks shared by every form that asks for one. */
export function validateEmail(value: string): string | undefined {
  if (isBlank(value)) return 'Email is required';
  if (!isValidEmail(value)) return 'Please enter a valid email address';
  return undefined;
}
