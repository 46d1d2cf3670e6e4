import { useCallback, useState } from 'react';

import { archiveAllSubjects } from '../api/archive-all-subjects';
import { getSubjects } from '../api/get-subjects';
import type { Child, Subject } from '../types';
import { activeFirst } from '../utils/subject-form';
import { GpaSummary } from './gpa-summary';
import { SubjectForm } from './subject-form';
import { SubjectItem } from './subject-item';
import { Alert, Button, Dialog, ResourceList } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { useResource } from '@/hooks/use-resource';

export function archiveAllConfirmation(name: string): string {
  return `Archive all of ${name}'s active subjects? They stop counting toward the GPA and can be restored one by one.`;
}

export interface SubjectsDialogProps {
  child: Child;
  onClose: () => void;
  /** Called after any change to the subjects, so that the child's GPA and multiplier are read again. */
  onChanged: () => void;
}

/** What the dialog shows: the list, or the form adding (null) or editing a subject. */
type Editing = Subject | null | undefined;

/** A child's school subjects and grades, with the GPA they make. */
export function SubjectsDialog({ child, onClose, onChanged }: SubjectsDialogProps) {
  const load = useCallback((signal: AbortSignal) => getSubjects(child.id, signal), [child.id]);
  const subjects = useResource(load, 'subjects');
  const [editing, setEditing] = useState<Editing>(undefined);
  const archiveAll = useAction('Failed to archive subjects');
  const hasActive = subjects.resource.status === 'ready' && subjects.resource.data.some((subject) => subject.isActive);

  /** Puts a saved, graded, archived or restored subject in the list (in place, or added). */
  const put = (subject: Subject) => {
    subjects.update((list) =>
      activeFirst(
        list.some((item) => item.id === subject.id)
          ? list.map((item) => (item.id === subject.id ? subject : item))
          : [...list, subject],
      ),
    );
    onChanged();
  };

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
          onSaved={(subject) => {
            put(subject);
            setEditing(undefined);
          }}
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
                  await archiveAllSubjects(child.id);
                  subjects.reload();
                  onChanged();
                }, archiveAllConfirmation(child.name))
              }
            >
              Archive All
            </Button>
          </div>
          {archiveAll.error && <Alert>{archiveAll.error}</Alert>}
          <ResourceList
            resource={subjects.resource}
            loadingLabel="Loading subjects…"
            empty="No subjects yet. Use Add Subject to track a school subject."
          >
            {(list) => (
              <ul className="list subjects__list" aria-label="Subjects">
                {list.map((subject) => (
                  <SubjectItem
                    key={subject.id}
                    subject={subject}
                    onEdit={setEditing}
                    onChanged={put}
                    onDeleted={(id) => {
                      subjects.update((items) => items.filter((item) => item.id !== id));
                      onChanged();
                    }}
                  />
                ))}
              </ul>
            )}
          </ResourceList>
        </div>
      )}
    </Dialog>
  );
}
