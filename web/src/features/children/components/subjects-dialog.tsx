import { useState } from 'react';

import { useArchiveAllSubjects } from '../api/archive-all-subjects';
import { useSubjects } from '../api/get-subjects';
import type { Child, Subject } from '../types';
import { GpaSummary } from './gpa-summary';
import { SubjectForm } from './subject-form';
import { SubjectItem } from './subject-item';
import { Alert, Button, Dialog, ResourceList } from '@/components/ui';
import { useAction } from '@/hooks/use-action';

export function archiveAllConfirmation(name: string): string {
  return `Archive all of ${name}'s active subjects? They stop counting toward the GPA and can be restored one by one.`;
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
  const subjects = useSubjects(child.id);
  const [editing, setEditing] = useState<Editing>(undefined);
  const archiveAll = useAction('Failed to archive subjects');
  const { mutateAsync: archiveAllOf } = useArchiveAllSubjects();
  const hasActive = subjects.data?.some((subject) => subject.isActive) ?? false;

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Subjects & Grades: ${child.name}`}
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
              Add Subject
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!hasActive}
              isLoading={archiveAll.busy}
              onClick={() =>
                archiveAll.run(async () => {
                  await archiveAllOf(child.id);
                }, archiveAllConfirmation(child.name))
              }
            >
              Archive All
            </Button>
          </div>
          {archiveAll.error && <Alert>{archiveAll.error}</Alert>}
          <ResourceList
            query={subjects}
            loadingLabel="Loading subjects…"
            empty="No subjects yet. Use Add Subject to track a school subject."
          >
            {(list) => (
              <ul className="list subjects__list" aria-label="Subjects">
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
