import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useInviteCodes } from '../api/get-invite-codes';
import { InviteParentDialog } from './invite-parent-dialog';
import { MembersTable } from './members-table';
import { PendingInvites } from './pending-invites';
import { useMembers } from '@/api/get-members';
import { Button, Card, PageHeader, Spinner } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useSessionStore } from '@/stores/session-store';

/** /team: the family's active members, pending invitations and the Invite Parent dialog. */
export function TeamPage() {
  const { t } = useTranslation('team');
  useDocumentTitle(pageTitle(t('title')));
  const currentUserId = useSessionStore((state) => state.user?.id);
  const members = useMembers();
  const invites = useInviteCodes();
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Button onClick={() => setInviting(true)}>{t('invite')}</Button>}
      />

      <Card title={t('active')}>
        {members.isPending && <Spinner label={t('loadingMembers')} />}
        {members.data && <MembersTable members={members.data} currentUserId={currentUserId} />}
      </Card>

      <Card title={t('pending')}>
        {invites.isPending && <Spinner label={t('loadingInvitations')} />}
        {invites.data && <PendingInvites invites={invites.data} />}
      </Card>

      {inviting && <InviteParentDialog onClose={() => setInviting(false)} />}
    </>
  );
}
