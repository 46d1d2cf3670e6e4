import { useTranslation } from 'react-i18next';

import { useGradeSubject } from '../api/grade-subject';
import type { Subject } from '../types';
import { GRADE_OPTIONS, toGradeInput, validateGrade, type GradeFormValues } from '../utils/subject-form';
import { Alert, Button, SelectField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

export interface GradeControlProps {
  /** An active subject (archived subjects cannot be graded). */
  subject: Subject;
}

/** Records a grade: a letter for letter subjects, a percentage for percentage subjects. */
export function GradeControl({ subject }: GradeControlProps) {
  const { t } = useTranslation(['children', 'errors']);
  const { mutateAsync: grade } = useGradeSubject();
  const { serverError, submitting, setValues, field, onSubmit } = useForm<GradeFormValues>({
    initial: { grade: '' },
    validate: (values) => validateGrade(subject.gradeScale, values),
    fallback: t('errors:fallback.updateGrade'),
    // A letter is sent as grade, a percentage as percentage: both are typed here.
    serverFields: { grade: 'grade', percentage: 'grade' },
    submit: async (values) => {
      await grade({ id: subject.id, input: toGradeInput(subject.gradeScale, values) });
      setValues({ grade: '' });
    },
  });

  return (
    <form className="grade-control" onSubmit={onSubmit} noValidate aria-label={t('grade.formLabel', { name: subject.name })}>
      {serverError && <Alert>{serverError}</Alert>}
      <div className="grade-control__row">
        {subject.gradeScale === 'PERCENTAGE' ? (
          <TextField
            label={t('grade.percentage')}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            {...field('grade')}
          />
        ) : (
          <SelectField
            label={t('grade.grade')}
            placeholder={t('grade.placeholder')}
            options={GRADE_OPTIONS}
            {...field('grade')}
          />
        )}
        <Button type="submit" size="sm" isLoading={submitting}>
          {t('grade.submit')}
        </Button>
      </div>
    </form>
  );
}
