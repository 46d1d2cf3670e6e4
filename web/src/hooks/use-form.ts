import { useState, type FormEvent } from 'react';

import { getErrorMessage } from '@/lib/api-client';
import { hasErrors, type FieldErrors } from '@/lib/validation';

/** A form whose fields are all text inputs or selects. */
type TextValues<V> = { [K in keyof V]: string };

export interface FormOptions<V extends TextValues<V>> {
  /** The values the form starts with (computed once). */
  initial: V | (() => V);
  /** Field errors of `values`; nothing is sent while there are any. */
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>;
  /** Sends the values; a failure becomes the form's alert. */
  submit: (values: V) => Promise<void>;
  /** The alert when the server gives no text of its own (spec §8). */
  fallback: string;
  /** Show the first validation detail the server sends, if any. */
  preferDetails?: boolean;
}

/**
 * State and handlers every form of the app shares: values, field errors
 * (cleared as the field is edited), the server's error text, whether a submit
 * is under way, and whether the last submit saved (until the next edit).
 */
export function useForm<V extends TextValues<V>>(options: FormOptions<V>) {
  const { validate, submit, fallback, preferDetails } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof V, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [saved, setSaved] = useState(false);

  const update = (name: Extract<keyof V, string>, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setSaved(false);
  };

  /** Props for a TextField or SelectField bound to `name`. */
  const field = (name: Extract<keyof V, string>) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
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
      setServerError(getErrorMessage(error, fallback, { preferDetails }));
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setValues, errors, serverError, submitting, saved, update, field, onSubmit };
}
