import type { InputHTMLAttributes } from 'react';

import { Field } from './field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input with its validation message right below it. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input className="field__input" {...control} {...props} />}
    </Field>
  );
}
