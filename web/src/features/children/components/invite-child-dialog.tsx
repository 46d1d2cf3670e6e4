import { useState } from 'react';

import { useInviteChild, type ChildInvitation } from '../api/invite-child';
import { emptyChildForm, toInviteChildInput } from '../utils/form-values';
import { validateInviteChild, type ChildFormValues } from '../utils/validation';
import { ChildFields } from './child-fields';
import { InviteLink } from './invite-link';
import { Alert, Button, Dialog } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

export interface InviteChildDialogProps {
  onClose: () => void;
}

/** Add Child: the invitation form, then the invite link and its QR code. */
export function InviteChildDialog({ onClose }: InviteChildDialogProps) {
  const [invitation, setInvitation] = useState<ChildInvitation | null>(null);

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Child"
      description={
        invitation
          ? `Share this link with ${invitation.child.name}. They open it to set a password and join your family.`
          : 'Invite your child to Chorely. They get a link to set their own password.'
      }
    >
      {invitation ? (
        <div className="form">
          <Alert variant="success">Invitation created for {invitation.child.name}.</Alert>
          <InviteLink url={invitation.inviteUrl} />
          <div className="form__actions">
            <Button onClick={onClose} autoFocus>
              Done
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
  const { mutateAsync: invite } = useInviteChild();
  const { values, errors, serverError, submitting, update, onSubmit } = useForm<ChildFormValues>({
    initial: emptyChildForm,
    validate: (values) => validateInviteChild(values),
    fallback: 'Failed to create invitation',
    preferDetails: true,
    submit: async (values) => onInvited(await invite(toInviteChildInput(values))),
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Add child">
      {serverError && <Alert>{serverError}</Alert>}
      <ChildFields mode="invite" values={values} errors={errors} onChange={update} />
      <div className="form__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={submitting}>
          Send Invitation
        </Button>
      </div>
    </form>
  );
}
