import { validateEmail, type FieldErrors } from '@/lib/validation';

/** The Personal Information form, as typed. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Only the email is required; names and phone may be left empty. */
export function validateProfile(values: ProfileFormValues): FieldErrors<keyof ProfileFormValues> {
  return { email: validateEmail(values.email) };
}
