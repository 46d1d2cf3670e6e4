import { useState } from 'react';

import { useDeactivateUser } from '../api/deactivate-user';
import type { Member } from '../types';
import { Alert, Button, DataTable, EmptyState, type DataColumn } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { roleLabel } from '@/lib/roles';
import { formatDate, formatDateTime, fullName } from '@/utils/format';

export function deactivateConfirmation(name: string): string {
  return `Deactivate ${name}? They will no longer be able to log in.`;
}

export interface MembersTableProps {
  members: Member[];
  /** The signed-in user, who cannot deactivate themself. */
  currentUserId: string | undefined;
}

export function MembersTable({ members, currentUserId }: MembersTableProps) {
  const { mutateAsync: deactivate } = useDeactivateUser();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onDeactivate = async (member: Member) => {
    const name = fullName(member) || member.email;
    if (!window.confirm(deactivateConfirmation(name))) return;
    setError(null);
    setBusyId(member.id);
    try {
      // Once the members are loaded again, they are gone from the list.
      await deactivate(member.id);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to deactivate user'));
    } finally {
      setBusyId(null);
    }
  };

  if (members.length === 0) return <EmptyState>No active members.</EmptyState>;

  const columns: ReadonlyArray<DataColumn<Member>> = [
    {
      label: 'Name',
      cell: (member) => (
        <>
          {fullName(member) || member.email}
          {member.id === currentUserId && <span className="badge badge--inline">You</span>}
        </>
      ),
    },
    { label: 'Email', cell: (member) => member.email },
    { label: 'Role', cell: (member) => roleLabel(member.role) },
    { label: 'Last Login', cell: (member) => formatDateTime(member.lastLoginAt, 'Never') },
    { label: 'Joined', cell: (member) => formatDate(member.createdAt) },
    {
      label: 'Actions',
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
              aria-label={`Deactivate ${name}`}
            >
              Deactivate
            </Button>
          )
        );
      },
    },
  ];

  return (
    <>
      {error && <Alert>{error}</Alert>}
      <DataTable label="Active members" columns={columns} rows={members} rowKey={(member) => member.id} />
    </>
  );
}
