import type { TextareaHTMLAttributes } from 'react';

import { Field } from './field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled multi-line text box with its validation message right below it. */
export function TextAreaField({ label, error, hint, id, className, rows = 3, ...props }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea className="field__input field__textarea" rows={rows} {...control} {...props} />}
    </Field>
  );
}
