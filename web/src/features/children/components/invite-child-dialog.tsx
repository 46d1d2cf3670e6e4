import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useInviteChild, type ChildInvitation } from '../api/invite-child';
import { emptyChildForm, toInviteChildInput } from '../utils/form-values';
import { validateInviteChild, type ChildFormValues } from '../utils/validation';
import { ChildFields } from './child-fields';
import { InviteLink } from './invite-link';
import { SignInCode } from './sign-in-code';
import { Alert, Button, Dialog } from '@/components/ui';
import { APP_NAME } from '@/config/env';
import { useForm } from '@/hooks/use-form';
import { isBlank } from '@/lib/validation';
import { queryKeys } from '@/lib/query-keys';

export interface InviteChildDialogProps {
  onClose: () => void;
}

/**
 * Add Child: the form, then for a child invited by email their invite link
 * and its QR code, and for a child added without one (who has their login
 * at once) the offer to show a sign-in code for their own device.
 */
export function InviteChildDialog({ onClose }: InviteChildDialogProps) {
  const { t } = useTranslation(['children', 'common']);
  const queryClient = useQueryClient();
  const [invitation, setInvitation] = useState<ChildInvitation | null>(null);
  const [showingCode, setShowingCode] = useState(false);

  // A device may have claimed the code shown: the child's card lists it.
  const close = () => {
    if (showingCode && invitation) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.childDevices(invitation.child.id) });
    }
    onClose();
  };

  const description = !invitation
    ? t('invite.description', { app: APP_NAME })
    : invitation.inviteUrl
      ? t('invite.share', { name: invitation.child.name })
      : t('invite.addedShare', { name: invitation.child.name });

  return (
    <Dialog open onClose={close} title={t('invite.title')} description={description}>
      {!invitation && <InviteChildForm onCancel={onClose} onInvited={setInvitation} />}
      {invitation?.inviteUrl && (
        <div className="form">
          <Alert variant="success">{t('invite.created', { name: invitation.child.name })}</Alert>
          <InviteLink url={invitation.inviteUrl} />
          <div className="form__actions">
            <Button onClick={close} autoFocus>
              {t('common:actions.done')}
            </Button>
          </div>
        </div>
      )}
      {invitation && !invitation.inviteUrl && (
        <div className="form">
          <Alert variant="success">{t('invite.added', { name: invitation.child.name })}</Alert>
          {showingCode && <SignInCode childId={invitation.child.id} name={invitation.child.name} />}
          <div className="form__actions">
            {showingCode ? (
              <Button onClick={close} autoFocus>
                {t('common:actions.done')}
              </Button>
            ) : (
              <>
                <Button variant="secondary" onClick={close}>
                  {t('common:actions.done')}
                </Button>
                <Button onClick={() => setShowingCode(true)} autoFocus>
                  {t('devices.show')}
                </Button>
              </>
            )}
          </div>
        </div>
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
        {/* Without an email the child is added at once; with one, invited. */}
        <Button type="submit" isLoading={submitting}>
          {isBlank(values.email) ? t('add') : t('invite.submit')}
        </Button>
      </div>
    </form>
  );
}
