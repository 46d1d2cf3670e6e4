import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useArchiveAllSubjects } from '../api/archive-all-subjects';
import { useSubjects } from '../api/get-subjects';
import type { Child, Subject } from '../types';
import { GpaSummary } from './gpa-summary';
import { SubjectForm } from './subject-form';
import { SubjectItem } from './subject-item';
import { Alert, Button, Dialog, ResourceList } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { i18n } from '@/lib/i18n';

/** Asked before every active subject of a child is archived. */
export function archiveAllConfirmation(name: string): string {
  return i18n.t('children:subjects.archiveAllConfirm', { name });
}

export interface SubjectsDialogProps {
  child: Child;
  onClose: () => void;
}

/** What the dialog shows: the list, or the form adding (null) or editing a subject. */
type Editing = Subject | null | undefined;

/** A child's school subjects and grades, with the GPA they make. */
export function SubjectsDialog({ child, onClose }: SubjectsDialogProps) {
  // Every change loads the subjects and the children (the GPA and multiplier follow) again.
  const { t } = useTranslation(['children', 'errors']);
  const subjects = useSubjects(child.id);
  const [editing, setEditing] = useState<Editing>(undefined);
  const archiveAll = useAction(t('errors:fallback.archiveSubjects'));
  const { mutateAsync: archiveAllOf } = useArchiveAllSubjects();
  const hasActive = subjects.data?.some((subject) => subject.isActive) ?? false;

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('subjects.title', { name: child.name })}
      description={<GpaSummary child={child} />}
      size="lg"
    >
      {editing !== undefined ? (
        <SubjectForm
          childId={child.id}
          subject={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      ) : (
        <div className="subjects">
          <div className="button-row">
            <Button size="sm" onClick={() => setEditing(null)}>
              {t('subject.add')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!hasActive}
              isLoading={archiveAll.busy}
              onClick={() =>
                archiveAll.run(
                  async () => {
                    await archiveAllOf(child.id);
                  },
                  {
                    title: t('subjects.archiveAll'),
                    message: archiveAllConfirmation(child.name),
                    confirmLabel: t('subjects.archiveAll'),
                  },
                )
              }
            >
              {t('subjects.archiveAll')}
            </Button>
          </div>
          {archiveAll.error && <Alert>{archiveAll.error}</Alert>}
          {archiveAll.confirmDialog}
          <ResourceList
            query={subjects}
            loadingLabel={t('subjects.loading')}
            empty={t('subjects.empty')}
          >
            {(list) => (
              <ul className="list subjects__list" aria-label={t('subjects.listLabel')}>
                {list.map((subject) => (
                  <SubjectItem key={subject.id} subject={subject} onEdit={setEditing} />
                ))}
              </ul>
            )}
          </ResourceList>
        </div>
      )}
    </Dialog>
  );
}
