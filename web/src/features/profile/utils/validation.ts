import type { UpdateProfileInput } from '../api/update-profile';
import { validateEmail, type FieldErrors } from '@/lib/validation';

/** Only the email is required; names and phone may be left empty. */
export function validateProfile(values: UpdateProfileInput): FieldErrors<keyof UpdateProfileInput> {
  return { email: validateEmail(values.email) };
}
