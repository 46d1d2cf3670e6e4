import { useState, type FormEvent } from 'react';

import { getErrorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/field-errors';
import { hasErrors, type FieldErrors } from '@/lib/validation';

type FieldName<V> = Extract<keyof V, string>;

/** The fields of V that hold text: what a TextField, TextAreaField or SelectField binds to. */
export type TextFieldName<V> = { [K in FieldName<V>]: V[K] extends string ? K : never }[FieldName<V>];

export interface FormOptions<V extends object> {
  /** The values the form starts with (computed once). */
  initial: V | (() => V);
  /** Field errors of `values`; nothing is sent while there are any. */
  validate: (values: V) => FieldErrors<FieldName<V>>;
  /** Sends the values; a failure becomes the form's alert. */
  submit: (values: V) => Promise<void>;
  /** The alert when the server gives no text of its own (spec §8). */
  fallback: string;
  /** Show the first validation detail the server sends, if any. */
  preferDetails?: boolean;
  /**
   * The request's JSON fields whose server errors show beside a field of the
   * form, and which field: by default each field under its own name. A form
   * lists them when a field is hidden, has no place for an error, or is sent
   * under another name.
   */
  serverFields?: Readonly<Partial<Record<string, FieldName<V>>>>;
}

function sameNames<V extends object>(values: V): Partial<Record<string, FieldName<V>>> {
  return Object.fromEntries(Object.keys(values).map((name) => [name, name as FieldName<V>]));
}

/**
 * State and handlers every form of the app shares: values, field errors
 * (cleared as the field is edited), the server's error text, whether a submit
 * is under way, and whether the last submit saved (until the next edit).
 * Values are mostly text; a checkbox or a file is set with update().
 *
 * A refusal whose details name fields of the form shows each message beside
 * its field, like the form's own checks; the alert then shows only what no
 * field shows. Any other failure is the alert: the server's text, else
 * `fallback`.
 */
export function useForm<V extends object>(options: FormOptions<V>) {
  const { validate, submit, fallback, preferDetails, serverFields } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<FieldName<V>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [saved, setSaved] = useState(false);

  const update = <K extends FieldName<V>>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setSaved(false);
  };

  /** Props for a text field or select bound to `name`. */
  const field = <K extends TextFieldName<V>>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: { target: { value: string } }) => update(name, event.target.value as V[K]),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    setSaved(false);
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found)) return;

    setSubmitting(true);
    try {
      await submit(values);
      setSaved(true);
    } catch (error) {
      const placed = serverFieldErrors(error, serverFields ?? sameNames(values));
      if (hasErrors(placed.fields)) {
        setErrors(placed.fields);
        setServerError(placed.rest[0] ?? null);
      } else {
        setServerError(getErrorMessage(error, fallback, { preferDetails }));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setValues, errors, serverError, submitting, saved, update, field, onSubmit };
}
