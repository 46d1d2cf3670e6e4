import { useTranslation } from 'react-i18next';

import { useDeleteSubject } from '../api/delete-subject';
import { useUpdateSubject } from '../api/update-subject';
import type { Subject, SubjectGrade } from '../types';
import { gradePointsText, percentageText } from '../utils/format';
import { gradeScaleLabel } from '../utils/subject-form';
import { GradeControl } from './grade-control';
import { Alert, Button, EditRemoveActions } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { i18n } from '@/lib/i18n';
import { cn } from '@/utils/cn';
import { formatDate } from '@/utils/format';

/** Asked before a subject is deleted. */
export function deleteSubjectConfirmation(name: string): string {
  return i18n.t('children:subject.deleteConfirm', { name });
}

/** "B", or "B (91.50%)" for a percentage grade. */
function gradeText({ grade, percentage = null }: SubjectGrade): string {
  return percentage === null
    ? grade
    : i18n.t('children:subject.gradeWithPercentage', { grade, percentage: percentageText(percentage) });
}

/** "Current grade: B · 3.0 points", or "Current grade: N/A". */
function currentGradeText({ currentGrade, gradePoints = null }: Subject): string {
  const grade = currentGrade || i18n.t('children:subject.noGrade');
  return gradePoints === null
    ? i18n.t('children:subject.currentGrade', { grade })
    : i18n.t('children:subject.currentGradeWithPoints', { grade, points: gradePointsText(gradePoints) });
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
  const { t } = useTranslation(['children', 'common', 'errors']);
  const toggle = useAction(t('errors:fallback.updateSubject'));
  const { mutateAsync: update } = useUpdateSubject();
  const { mutateAsync: remove } = useDeleteSubject();
  const archived = !subject.isActive;
  const toggleLabel = archived ? t('subject.restore') : t('subject.archive');
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
          {archived && <span className="badge badge--warning">{t('subject.archived')}</span>}
        </p>
      </div>
      <p className="subject__current">{currentGradeText(subject)}</p>

      {!archived && <GradeControl subject={subject} />}

      {subject.grades.length > 0 && (
        <details className="subject__history">
          <summary>{t('subject.history', { count: subject.grades.length })}</summary>
          <ul className="subject__grades" aria-label={t('subject.historyLabel', { name: subject.name })}>
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
        removeLabel={t('common:actions.delete')}
        confirmation={deleteSubjectConfirmation(subject.name)}
        fallback={t('errors:fallback.deleteSubject')}
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
          aria-label={t('common:named.action', { action: toggleLabel, name: subject.name })}
        >
          {toggleLabel}
        </Button>
      </EditRemoveActions>
      {toggle.error && <Alert>{toggle.error}</Alert>}
    </li>
  );
}
