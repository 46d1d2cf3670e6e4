import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateInviteCode } from '../api/create-invite-code';
import type { InviteCode } from '../types';
import {
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_INVITE_ROLE,
  EXPIRY_DAYS,
  INVITE_ROLES,
  expiryOptions,
  inviteLinkFor,
  roleOptions,
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
  const { t } = useTranslation(['team', 'common']);
  const [created, setCreated] = useState<InviteCode | null>(null);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('dialog.title')}
      description={created ? t('dialog.createdDescription') : t('dialog.description')}
    >
      {created ? (
        <div className="form">
          <Alert variant="success">{t('dialog.created')}</Alert>
          <CopyField label={t('dialog.linkLabel')} value={inviteLinkFor(created.code)} />
          <div className="form__actions">
            <Button onClick={onClose} autoFocus>
              {t('common:actions.done')}
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
  const { t } = useTranslation(['team', 'common', 'errors']);
  const { mutateAsync: create } = useCreateInviteCode();
  const { serverError, submitting, field, onSubmit } = useForm<InviteCodeValues>({
    initial: { role: DEFAULT_INVITE_ROLE, email: '', expiresInDays: String(DEFAULT_EXPIRY_DAYS) },
    validate: validateInviteCode,
    fallback: t('errors:fallback.createInviteCode'),
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
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('dialog.formLabel')}>
      {serverError && <Alert>{serverError}</Alert>}
      <SelectField label={t('dialog.role')} options={roleOptions()} autoFocus {...field('role')} />
      <TextField
        label={t('dialog.email')}
        type="email"
        autoComplete="off"
        hint={t('dialog.emailHint')}
        {...field('email')}
      />
      <SelectField label={t('dialog.expiresIn')} options={expiryOptions()} {...field('expiresInDays')} />
      <div className="form__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" isLoading={submitting}>
          {t('dialog.submit')}
        </Button>
      </div>
    </form>
  );
}
