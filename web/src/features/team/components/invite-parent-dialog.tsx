import { useState } from 'react';

import { useCreateInviteCode } from '../api/create-invite-code';
import type { InviteCode } from '../types';
import {
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_INVITE_ROLE,
  EXPIRY_DAYS,
  EXPIRY_OPTIONS,
  INVITE_ROLES,
  ROLE_OPTIONS,
  inviteLinkFor,
} from '../utils/invite-options';
import { validateInviteCode, type InviteCodeValues } from '../utils/validation';
import { Alert, Button, CopyField, Dialog, SelectField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { choiceOf } from '@/lib/validation';

export interface InviteParentDialogProps {
  onClose: () => void;
}

/** Invite Parent: choose role, optional email and expiry; then copy the link. */
export function InviteParentDialog({ onClose }: InviteParentDialogProps) {
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
        <InviteCodeForm onCancel={onClose} onCreated={setCreated} />
      )}
    </Dialog>
  );
}

function InviteCodeForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (invite: InviteCode) => void }) {
  const { mutateAsync: create } = useCreateInviteCode();
  const { serverError, submitting, field, onSubmit } = useForm<InviteCodeValues>({
    initial: { role: DEFAULT_INVITE_ROLE, email: '', expiresInDays: String(DEFAULT_EXPIRY_DAYS) },
    validate: validateInviteCode,
    fallback: 'Failed to create invite code',
    submit: async (values) => {
      onCreated(
        await create({
          role: choiceOf(values.role, INVITE_ROLES),
          email: values.email.trim(),
          expiresInDays: choiceOf(values.expiresInDays, EXPIRY_DAYS),
        }),
      );
    },
  });

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
