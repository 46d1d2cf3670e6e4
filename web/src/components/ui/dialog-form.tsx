import type { FormEvent, ReactNode } from 'react';

import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

export interface DialogFormProps {
  /** The dialog's title, which also names the form. */
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The server's error text, shown above the fields. */
  serverError: string | null;
  submitting: boolean;
  submitLabel: string;
  /** The fields. */
  children: ReactNode;
}

/** A modal dialog holding one form: the error alert, the fields, then Cancel and submit. */
export function DialogForm({ title, onClose, onSubmit, serverError, submitting, submitLabel, children }: DialogFormProps) {
  return (
    <Dialog open onClose={onClose} title={title}>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={title}>
        {serverError && <Alert>{serverError}</Alert>}
        {children}
        <div className="form__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={submitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
