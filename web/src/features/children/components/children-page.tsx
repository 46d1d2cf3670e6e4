import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Child } from '../types';
import { ChildCard } from './child-card';
import { EditChildDialog } from './edit-child-dialog';
import { InviteChildDialog } from './invite-child-dialog';
import { useChildren } from '@/api/get-children';
import { Button, EmptyState, PageHeader, Spinner } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

/** /children: a card per child, the Add Child invitation and the edit dialog. */
export function ChildrenPage() {
  const { t } = useTranslation('children');
  useDocumentTitle(pageTitle(t('title')));
  const children = useChildren();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Child | null>(null);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Button onClick={() => setInviting(true)}>{t('add')}</Button>}
      />

      {children.isPending && <Spinner label={t('loading')} />}
      {children.data &&
        (children.data.length === 0 ? (
          <EmptyState>{t('empty')}</EmptyState>
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
