import { useDeleteSubject } from '../api/delete-subject';
import { useUpdateSubject } from '../api/update-subject';
import type { Subject, SubjectGrade } from '../types';
import { gradePointsText } from '../utils/format';
import { gradeScaleLabel } from '../utils/subject-form';
import { GradeControl } from './grade-control';
import { Alert, Button, EditRemoveActions } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { cn } from '@/utils/cn';
import { formatDate } from '@/utils/format';

export function deleteSubjectConfirmation(name: string): string {
  return `Delete ${name}? Its grades are deleted too.`;
}

function gradeText({ grade, percentage = null }: SubjectGrade): string {
  return percentage === null ? grade : `${grade} (${percentage.toFixed(2)}%)`;
}

function currentGradeText({ currentGrade, gradePoints = null }: Subject): string {
  const points = gradePoints === null ? '' : ` · ${gradePointsText(gradePoints)}`;
  return `Current grade: ${currentGrade || 'N/A'}${points}`;
}

export interface SubjectItemProps {
  subject: Subject;
  onEdit: (subject: Subject) => void;
}

/**
 * One subject: its current grade and points, the grade history, and for an
 * active subject grading, Edit and Archive; an archived one is faded, marked
 * Archived and can only be restored or deleted.
 */
export function SubjectItem({ subject, onEdit }: SubjectItemProps) {
  const toggle = useAction('Failed to update subject');
  const { mutateAsync: update } = useUpdateSubject();
  const { mutateAsync: remove } = useDeleteSubject();
  const archived = !subject.isActive;
  const toggleLabel = archived ? 'Restore' : 'Archive';
  const about = [subject.teacher?.trim(), subject.period?.trim()].filter(Boolean).join(' · ');

  return (
    <li className={cn('subject', archived && 'subject--archived')} aria-label={subject.name}>
      <div className="subject__header">
        <div>
          <p className="list__primary">{subject.name}</p>
          {about && <p className="list__secondary">{about}</p>}
        </div>
        <p className="subject__badges">
          <span className="badge">{gradeScaleLabel(subject.gradeScale)}</span>
          {archived && <span className="badge badge--warning">Archived</span>}
        </p>
      </div>
      <p className="subject__current">{currentGradeText(subject)}</p>

      {!archived && <GradeControl subject={subject} />}

      {subject.grades.length > 0 && (
        <details className="subject__history">
          <summary>Grade history ({subject.grades.length})</summary>
          <ul className="subject__grades" aria-label={`Grade history of ${subject.name}`}>
            {subject.grades.map((grade, index) => (
              <li key={`${grade.recordedAt}-${index}`}>
                <span className="subject__grade">{gradeText(grade)}</span>
                <span className="muted small">{formatDate(grade.recordedAt)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}

      <EditRemoveActions
        name={subject.name}
        onEdit={archived ? undefined : () => onEdit(subject)}
        onRemove={() => remove(subject.id)}
        removeLabel="Delete"
        confirmation={deleteSubjectConfirmation(subject.name)}
        fallback="Failed to delete subject"
      >
        <Button
          variant="secondary"
          size="sm"
          isLoading={toggle.busy}
          onClick={() =>
            toggle.run(async () => {
              await update({ id: subject.id, input: { isActive: archived } });
            })
          }
          aria-label={`${toggleLabel} ${subject.name}`}
        >
          {toggleLabel}
        </Button>
      </EditRemoveActions>
      {toggle.error && <Alert>{toggle.error}</Alert>}
    </li>
  );
}
