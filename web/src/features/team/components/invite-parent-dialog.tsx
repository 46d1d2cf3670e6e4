import { useState, type FormEvent } from 'react';

import { createInviteCode } from '../api/create-invite-code';
import type { InviteCode, InviteRole } from '../types';
import {
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_INVITE_ROLE,
  EXPIRY_OPTIONS,
  ROLE_OPTIONS,
  inviteLinkFor,
} from '../utils/invite-options';
import { validateInviteCode, type InviteCodeValues } from '../utils/validation';
import { Alert, Button, CopyField, Dialog, SelectField, TextField } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { hasErrors, type FieldErrors } from '@/lib/validation';

export interface InviteParentDialogProps {
  onClose: () => void;
  onCreated: (invite: InviteCode) => void;
}

/** Invite Parent: choose role, optional email and expiry; then copy the link. */
export function InviteParentDialog({ onClose, onCreated }: InviteParentDialogProps) {
  const [created, setCreated] = useState<InviteCode | null>(null);

  return (
    <Dialog
      open
      onClose={onClose}
      title="Invite Parent"
      description={
        created
          ? 'Send this link to the person you are inviting. It works once.'
          : 'Create an invitation link for another parent or adult in your family.'
      }
    >
      {created ? (
        <div className="form">
          <Alert variant="success">Invitation created.</Alert>
          <CopyField label="Invite Link" value={inviteLinkFor(created.code)} />
          <div className="form__actions">
            <Button onClick={onClose} autoFocus>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <InviteCodeForm
          onCancel={onClose}
          onCreated={(invite) => {
            onCreated(invite);
            setCreated(invite);
          }}
        />
      )}
    </Dialog>
  );
}

function InviteCodeForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (invite: InviteCode) => void }) {
  const [values, setValues] = useState<InviteCodeValues>({
    role: DEFAULT_INVITE_ROLE,
    email: '',
    expiresInDays: String(DEFAULT_EXPIRY_DAYS),
  });
  const [errors, setErrors] = useState<FieldErrors<keyof InviteCodeValues>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof InviteCodeValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const found = validateInviteCode(values);
    setErrors(found);
    if (hasErrors(found)) return;

    setSubmitting(true);
    try {
      onCreated(
        await createInviteCode({
          role: values.role as InviteRole,
          email: values.email.trim(),
          expiresInDays: Number(values.expiresInDays),
        }),
      );
    } catch (error) {
      setServerError(getErrorMessage(error, 'Failed to create invite code'));
      setSubmitting(false);
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Invite parent">
      {serverError && <Alert>{serverError}</Alert>}
      <SelectField label="Role" options={ROLE_OPTIONS} autoFocus {...field('role')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        hint="Optional. Leave empty to let the person with the link use any email."
        {...field('email')}
      />
      <SelectField label="Expires In" options={EXPIRY_OPTIONS} {...field('expiresInDays')} />
      <div className="form__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={submitting}>
          Create Invitation
        </Button>
      </div>
    </form>
  );
}
