import { useState } from 'react';

import { useInviteCodes } from '../api/get-invite-codes';
import { useMembers } from '../api/get-members';
import { InviteParentDialog } from './invite-parent-dialog';
import { MembersTable } from './members-table';
import { PendingInvites } from './pending-invites';
import { Button, Card, PageHeader, Spinner } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useSessionStore } from '@/stores/session-store';

/** /team: the family's active members, pending invitations and the Invite Parent dialog. */
export function TeamPage() {
  useDocumentTitle(pageTitle('Team Members'));
  const currentUserId = useSessionStore((state) => state.user?.id);
  const members = useMembers();
  const invites = useInviteCodes();
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <PageHeader
        title="Team Members"
        description="Parents and adults in your family, and the invitations not used yet."
        actions={<Button onClick={() => setInviting(true)}>Invite Parent</Button>}
      />

      <Card title="Active Members">
        {members.isPending && <Spinner label="Loading members…" />}
        {members.data && <MembersTable members={members.data} currentUserId={currentUserId} />}
      </Card>

      <Card title="Pending Invitations">
        {invites.isPending && <Spinner label="Loading invitations…" />}
        {invites.data && <PendingInvites invites={invites.data} />}
      </Card>

      {inviting && <InviteParentDialog onClose={() => setInviting(false)} />}
    </>
  );
}
