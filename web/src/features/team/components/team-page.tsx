import { useState } from 'react';

import { getInviteCodes } from '../api/get-invite-codes';
import { getMembers } from '../api/get-members';
import { InviteParentDialog } from './invite-parent-dialog';
import { MembersTable } from './members-table';
import { PendingInvites } from './pending-invites';
import { Button, Card, PageHeader, Spinner } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource } from '@/hooks/use-resource';
import { useSessionStore } from '@/stores/session-store';

/** /team: the family's active members, pending invitations and the Invite Parent dialog. */
export function TeamPage() {
  useDocumentTitle(pageTitle('Team Members'));
  const currentUserId = useSessionStore((state) => state.user?.id);
  const members = useResource(getMembers, 'members');
  const invites = useResource(getInviteCodes, 'invite codes');
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <PageHeader
        title="Team Members"
        description="Parents and adults in your family, and the invitations not used yet."
        actions={<Button onClick={() => setInviting(true)}>Invite Parent</Button>}
      />

      <Card title="Active Members">
        {members.resource.status === 'loading' && <Spinner label="Loading members…" />}
        {members.resource.status === 'ready' && (
          <MembersTable
            members={members.resource.data}
            currentUserId={currentUserId}
            onDeactivated={(id) => members.update((list) => list.filter((member) => member.id !== id))}
          />
        )}
      </Card>

      <Card title="Pending Invitations">
        {invites.resource.status === 'loading' && <Spinner label="Loading invitations…" />}
        {invites.resource.status === 'ready' && <PendingInvites invites={invites.resource.data} />}
      </Card>

      {inviting && (
        <InviteParentDialog
          onClose={() => setInviting(false)}
          onCreated={(invite) => invites.update((list) => [...list, invite])}
        />
      )}
    </>
  );
}
