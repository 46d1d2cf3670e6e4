import { useTranslation } from 'react-i18next';

import type { InviteCode } from '../types';
import { inviteLinkFor } from '../utils/invite-options';
import { CopyButton, EmptyState } from '@/components/ui';
import { roleLabel } from '@/lib/roles';
import { formatDate } from '@/utils/format';

/** Invite codes nobody has used yet and that have not expired. */
export function PendingInvites({ invites }: { invites: InviteCode[] }) {
  const { t } = useTranslation('team');
  if (invites.length === 0) return <EmptyState>{t('invites.none')}</EmptyState>;
  return (
    <ul className="list" aria-label={t('invites.listLabel')}>
      {invites.map((invite) => (
        <li key={invite.id} className="list__row">
          <div>
            <p className="list__primary">
              <code className="code">{invite.code}</code>
            </p>
            <p className="list__secondary">
              {t('invites.details', {
                email: invite.email?.trim() || t('invites.anyEmail'),
                role: roleLabel(invite.role),
                date: formatDate(invite.expiresAt),
              })}
            </p>
          </div>
          <CopyButton text={inviteLinkFor(invite.code)} label={t('invites.copyLinkLabel', { code: invite.code })}>
            {t('invites.copyLink')}
          </CopyButton>
        </li>
      ))}
    </ul>
  );
}
