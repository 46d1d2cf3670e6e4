import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useInviteChild, type ChildInvitation } from '../api/invite-child';
import { emptyChildForm, toInviteChildInput } from '../utils/form-values';
import { validateInviteChild, type ChildFormValues } from '../utils/validation';
import { ChildFields } from './child-fields';
import { InviteLink } from './invite-link';
import { Alert, Button, Dialog } from '@/components/ui';
import { APP_NAME } from '@/config/env';
import { useForm } from '@/hooks/use-form';

export interface InviteChildDialogProps {
  onClose: () => void;
}

/** Add Child: the invitation form, then the invite link and its QR code. */
export function InviteChildDialog({ onClose }: InviteChildDialogProps) {
  const { t } = useTranslation(['children', 'common']);
  const [invitation, setInvitation] = useState<ChildInvitation | null>(null);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('invite.title')}
      description={
        invitation ? t('invite.share', { name: invitation.child.name }) : t('invite.description', { app: APP_NAME })
      }
    >
      {invitation ? (
        <div className="form">
          <Alert variant="success">{t('invite.created', { name: invitation.child.name })}</Alert>
          <InviteLink url={invitation.inviteUrl} />
          <div className="form__actions">
            <Button onClick={onClose} autoFocus>
              {t('common:actions.done')}
            </Button>
          </div>
        </div>
      ) : (
        <InviteChildForm onCancel={onClose} onInvited={setInvitation} />
      )}
    </Dialog>
  );
}

function InviteChildForm({
  onCancel,
  onInvited,
}: {
  onCancel: () => void;
  onInvited: (invitation: ChildInvitation) => void;
}) {
  const { t } = useTranslation(['children', 'common', 'errors']);
  const { mutateAsync: invite } = useInviteChild();
  const { values, errors, serverError, submitting, update, onSubmit } = useForm<ChildFormValues>({
    initial: emptyChildForm,
    validate: (values) => validateInviteChild(values),
    fallback: t('errors:fallback.createInvitation'),
    preferDetails: true,
    submit: async (values) => onInvited(await invite(toInviteChildInput(values))),
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('invite.formLabel')}>
      {serverError && <Alert>{serverError}</Alert>}
      <ChildFields mode="invite" values={values} errors={errors} onChange={update} />
      <div className="form__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" isLoading={submitting}>
          {t('invite.submit')}
        </Button>
      </div>
    </form>
  );
}
