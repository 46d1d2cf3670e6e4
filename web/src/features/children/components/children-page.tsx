import { useState } from 'react';

import { getChildren } from '../api/get-children';
import type { Child } from '../types';
import { ChildCard } from './child-card';
import { EditChildDialog } from './edit-child-dialog';
import { InviteChildDialog } from './invite-child-dialog';
import { Button, EmptyState, PageHeader, Spinner } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource } from '@/hooks/use-resource';

/** /children: a card per child, the Add Child invitation and the edit dialog. */
export function ChildrenPage() {
  useDocumentTitle(pageTitle('Children'));
  const { resource, reload, update } = useResource(getChildren, 'children');
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Child | null>(null);

  const replace = (child: Child) =>
    update((children) => children.map((item) => (item.id === child.id ? child : item)));

  return (
    <>
      <PageHeader
        title="Children"
        description="Your children: balances, reward multipliers, behaviour ratings, subjects and grades."
        actions={<Button onClick={() => setInviting(true)}>Add Child</Button>}
      />

      {resource.status === 'loading' && <Spinner label="Loading children…" />}
      {resource.status === 'ready' &&
        (resource.data.length === 0 ? (
          <EmptyState>No children yet. Use Add Child to invite your first child.</EmptyState>
        ) : (
          <div className="card-grid">
            {resource.data.map((child) => (
              <ChildCard
                key={child.id}
                child={child}
                onEdit={setEditing}
                onChanged={replace}
                onDeleted={(id) => update((children) => children.filter((item) => item.id !== id))}
                onRefresh={reload}
              />
            ))}
          </div>
        ))}

      {inviting && (
        <InviteChildDialog
          onClose={() => setInviting(false)}
          onInvited={(child) => update((children) => [...children, child])}
        />
      )}
      {editing && (
        <EditChildDialog
          child={editing}
          onClose={() => setEditing(null)}
          onSaved={(child) => {
            replace(child);
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
