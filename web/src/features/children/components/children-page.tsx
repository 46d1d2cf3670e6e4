import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import type { Child } from '../types';
import { ChildCard } from './child-card';
import { EditChildDialog } from './edit-child-dialog';
import { InviteChildDialog } from './invite-child-dialog';
import { useChildren } from '@/api/get-children';
import { Button, EmptyState, PageHeader, Spinner } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

export interface ChildrenPageProps {
  /** A child's pauses, composed in by the app (another feature's). */
  PausesDialog?: ComponentType<{ child: { id: string; name: string }; onClose: () => void }>;
}

/** /children: a card per child, the Add Child invitation and the edit dialog (and pauses, where given). */
export function ChildrenPage({ PausesDialog }: ChildrenPageProps = {}) {
  const { t } = useTranslation('children');
  useDocumentTitle(pageTitle(t('title')));
  const children = useChildren();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Child | null>(null);
  const [pausing, setPausing] = useState<Child | null>(null);

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
              <ChildCard
                key={child.id}
                child={child}
                onEdit={setEditing}
                onPauses={PausesDialog ? setPausing : undefined}
              />
            ))}
          </div>
        ))}

      {inviting && <InviteChildDialog onClose={() => setInviting(false)} />}
      {editing && <EditChildDialog child={editing} onClose={() => setEditing(null)} />}
      {pausing && PausesDialog && <PausesDialog child={pausing} onClose={() => setPausing(null)} />}
    </>
  );
}
