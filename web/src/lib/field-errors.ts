import { ApiError } from './api-client';
import { fieldErrorText } from './server-messages';
import type { FieldErrors } from './validation';

/** A refused request's problems, as a form shows them. */
export interface ServerFieldErrors<Field extends string> {
  /** The first message for each of the form's fields the server named. */
  fields: FieldErrors<Field>;
  /** The messages no field of the form shows (unknown or missing field names), in order. */
  rest: string[];
}

/**
 * Puts the per-field problems of a refused request (the error body's
 * `details`, each naming the request's JSON field, e.g. `firstName`) onto the
 * form fields that show them. `fieldOf` maps a JSON field name to its form
 * field (`{ percentage: 'grade' }`); a name it does not map stays in `rest`.
 * Any other failure places nothing. Each text is shown in the interface
 * language, by its code.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fieldOf: Readonly<Partial<Record<string, Field>>>,
): ServerFieldErrors<Field> {
  const result: ServerFieldErrors<Field> = { fields: {}, rest: [] };
  if (!(error instanceof ApiError)) return result;
  for (const detail of error.body?.details ?? []) {
    const message = fieldErrorText(detail);
    if (!message) continue;
    const field = detail.field === undefined ? undefined : fieldOf[detail.field];
    if (field === undefined) result.rest.push(message);
    else result.fields[field] ??= message;
  }
  return result;
}
