import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeactivateUser } from '../api/deactivate-user';
import type { Member } from '../types';
import { Alert, Button, DataTable, EmptyState, useConfirm, type DataColumn } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { roleLabel } from '@/lib/roles';
import { formatDate, formatDateTime, fullName } from '@/utils/format';

/** Asked before a member is deactivated. */
export function deactivateConfirmation(name: string): string {
  return i18n.t('team:members.deactivateConfirm', { name });
}

export interface MembersTableProps {
  members: Member[];
  /** The signed-in user, who cannot deactivate themself. */
  currentUserId: string | undefined;
}

export function MembersTable({ members, currentUserId }: MembersTableProps) {
  const { t } = useTranslation(['team', 'common', 'errors']);
  const { mutateAsync: deactivate } = useDeactivateUser();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  const onDeactivate = async (member: Member) => {
    const name = fullName(member) || member.email;
    const confirmed = await confirm({
      title: t('common:named.action', { action: t('members.deactivate'), name }),
      message: deactivateConfirmation(name),
      confirmLabel: t('members.deactivate'),
      danger: true,
    });
    if (!confirmed) return;
    setError(null);
    setBusyId(member.id);
    try {
      // Once the members are loaded again, they are gone from the list.
      await deactivate(member.id);
    } catch (failure) {
      setError(getErrorMessage(failure, t('errors:fallback.deactivateUser')));
    } finally {
      setBusyId(null);
    }
  };

  if (members.length === 0) return <EmptyState>{t('members.none')}</EmptyState>;

  const columns: ReadonlyArray<DataColumn<Member>> = [
    {
      label: t('members.name'),
      cell: (member) => (
        <>
          {fullName(member) || member.email}
          {member.id === currentUserId && <span className="badge badge--inline">{t('members.you')}</span>}
        </>
      ),
    },
    { label: t('members.email'), cell: (member) => member.email },
    { label: t('members.role'), cell: (member) => roleLabel(member.role) },
    { label: t('members.lastLogin'), cell: (member) => formatDateTime(member.lastLoginAt, t('common:never')) },
    { label: t('members.joined'), cell: (member) => formatDate(member.createdAt) },
    {
      label: t('members.actions'),
      hideLabel: true,
      className: 'table__actions',
      cell: (member) => {
        const name = fullName(member) || member.email;
        return (
          member.id !== currentUserId && (
            <Button
              variant="danger-quiet"
              size="sm"
              isLoading={busyId === member.id}
              disabled={busyId !== null && busyId !== member.id}
              onClick={() => void onDeactivate(member)}
              aria-label={t('common:named.action', { action: t('members.deactivate'), name })}
            >
              {t('members.deactivate')}
            </Button>
          )
        );
      },
    },
  ];

  return (
    <>
      {error && <Alert>{error}</Alert>}
      <DataTable label={t('members.tableLabel')} columns={columns} rows={members} rowKey={(member) => member.id} />
      {confirmDialog}
    </>
  );
}
