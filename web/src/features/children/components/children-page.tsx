import { useState } from 'react';

import type { Child } from '../types';
import { ChildCard } from './child-card';
import { EditChildDialog } from './edit-child-dialog';
import { InviteChildDialog } from './invite-child-dialog';
import { useChildren } from '@/api/get-children';
import { Button, EmptyState, PageHeader, Spinner } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

/** /children: a card per child, the Add Child invitation and the edit dialog. */
export function ChildrenPage() {
  useDocumentTitle(pageTitle('Children'));
  const children = useChildren();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Child | null>(null);

  return (
    <>
      <PageHeader
        title="Children"
        description="Your children: balances, reward multipliers, behaviour ratings, subjects and grades."
        actions={<Button onClick={() => setInviting(true)}>Add Child</Button>}
      />

      {children.isPending && <Spinner label="Loading children…" />}
      {children.data &&
        (children.data.length === 0 ? (
          <EmptyState>No children yet. Use Add Child to invite your first child.</EmptyState>
        ) : (
          <div className="card-grid">
            {children.data.map((child) => (
              <ChildCard key={child.id} child={child} onEdit={setEditing} />
            ))}
          </div>
        ))}

      {inviting && <InviteChildDialog onClose={() => setInviting(false)} />}
      {editing && <EditChildDialog child={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
