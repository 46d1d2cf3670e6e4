import { useChildInvite } from '../api/get-child-invite';
import type { Child } from '../types';
import { InviteLink } from './invite-link';
import { Alert, Button, Dialog, Spinner } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';

export interface ShowInviteDialogProps {
  child: Child;
  onClose: () => void;
}

/** A child who has not joined yet: their invite link and QR code again, as Add Child showed them. */
export function ShowInviteDialog({ child, onClose }: ShowInviteDialogProps) {
  const invite = useChildInvite(child.id);

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Invite Link for ${child.name}`}
      description={`Share this link with ${child.name}. They open it to set a password and join your family.`}
    >
      <div className="form">
        {invite.isPending && <Spinner label="Loading the invite link…" />}
        {invite.isError && <Alert>{getErrorMessage(invite.error, 'Failed to load the invite link')}</Alert>}
        {invite.data && (
          <>
            <InviteLink url={invite.data.inviteUrl} />
            {invite.data.expiresAt && (
              <p className="muted small">The link works until {formatDateTime(invite.data.expiresAt)}.</p>
            )}
          </>
        )}
        <div className="form__actions">
          <Button onClick={onClose} autoFocus>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
