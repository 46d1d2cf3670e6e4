import type { FormEvent, ReactNode } from 'react';

import { Alert } from './alert';
import { Dialog } from './dialog';
import { FormActions } from './form-actions';

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
        <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
