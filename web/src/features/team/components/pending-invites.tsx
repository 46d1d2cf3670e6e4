import type { InviteCode } from '../types';
import { inviteLinkFor } from '../utils/invite-options';
import { CopyButton, EmptyState } from '@/components/ui';
import { roleLabel } from '@/lib/roles';
import { formatDate } from '@/utils/format';

/** Invite codes nobody has used yet and that have not expired. */
export function PendingInvites({ invites }: { invites: InviteCode[] }) {
  if (invites.length === 0) return <EmptyState>No pending invitations.</EmptyState>;
  return (
    <ul className="list" aria-label="Pending invitations">
      {invites.map((invite) => (
        <li key={invite.id} className="list__row">
          <div>
            <p className="list__primary">
              <code className="code">{invite.code}</code>
            </p>
            <p className="list__secondary">
              {invite.email?.trim() || 'Any email'} · {roleLabel(invite.role)} · Expires{' '}
              {formatDate(invite.expiresAt)}
            </p>
          </div>
          <CopyButton text={inviteLinkFor(invite.code)} label={`Copy link of invitation ${invite.code}`}>
            Copy Link
          </CopyButton>
        </li>
      ))}
    </ul>
  );
}
