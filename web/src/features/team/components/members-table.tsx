import { useState } from 'react';

import { useDeactivateUser } from '../api/deactivate-user';
import type { Member } from '../types';
import { Alert, Button, EmptyState } from '@/components/ui';
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

  return (
    <>
      {error && <Alert>{error}</Alert>}
      <div className="table-wrap">
        <table className="table" aria-label="Active members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Last Login</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const name = fullName(member) || member.email;
              const self = member.id === currentUserId;
              return (
                <tr key={member.id}>
                  <td>
                    {name}
                    {self && <span className="badge badge--inline">You</span>}
                  </td>
                  <td>{member.email}</td>
                  <td>{roleLabel(member.role)}</td>
                  <td>{formatDateTime(member.lastLoginAt, 'Never')}</td>
                  <td>{formatDate(member.createdAt)}</td>
                  <td className="table__actions">
                    {!self && (
                      <Button
                        variant="danger"
                        size="sm"
                        isLoading={busyId === member.id}
                        disabled={busyId !== null && busyId !== member.id}
                        onClick={() => void onDeactivate(member)}
                        aria-label={`Deactivate ${name}`}
                      >
                        Deactivate
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
