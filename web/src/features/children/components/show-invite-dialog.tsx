import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation(['children', 'common', 'errors']);
  const invite = useChildInvite(child.id);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('invite.showTitle', { name: child.name })}
      description={t('invite.share', { name: child.name })}
    >
      <div className="form">
        {invite.isPending && <Spinner label={t('invite.loading')} />}
        {invite.isError && <Alert>{getErrorMessage(invite.error, t('errors:fallback.loadInviteLink'))}</Alert>}
        {invite.data && (
          <>
            <InviteLink url={invite.data.inviteUrl} />
            {invite.data.expiresAt && (
              <p className="muted small">
                {t('invite.worksUntil', { date: formatDateTime(invite.data.expiresAt) })}
              </p>
            )}
          </>
        )}
        <div className="form__actions">
          <Button onClick={onClose} autoFocus>
            {t('common:actions.done')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
