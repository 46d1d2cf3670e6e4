import { useCreateSubject } from '../api/create-subject';
import { useUpdateSubject } from '../api/update-subject';
import type { Subject } from '../types';
import {
  DEFAULT_POINTS,
  DEFAULT_THRESHOLDS,
  GRADE_LETTERS,
  GRADE_SCALE_OPTIONS,
  THRESHOLD_LETTERS,
  pointsField,
  subjectFormOf,
  thresholdField,
  toSubjectInput,
  validateSubject,
  type SubjectFormValues,
} from '../utils/subject-form';
import { Alert, FormActions, SelectField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

export interface SubjectFormProps {
  childId: string;
  /** The subject to edit; null adds a new one. */
  subject: Subject | null;
  onCancel: () => void;
  /** Once the subject is saved and the subjects are loaded again. */
  onSaved: () => void;
}

/** Add Subject and Edit Subject: name, teacher, period, grade scale and its custom thresholds and GPA values. */
export function SubjectForm({ childId, subject, onCancel, onSaved }: SubjectFormProps) {
  const { mutateAsync: create } = useCreateSubject();
  const { mutateAsync: update } = useUpdateSubject();
  const { values, serverError, submitting, field, onSubmit } = useForm<SubjectFormValues>({
    initial: () => subjectFormOf(subject),
    validate: validateSubject,
    fallback: 'Failed to save subject',
    preferDetails: true,
    submit: async (values) => {
      const input = toSubjectInput(values);
      await (subject ? update({ id: subject.id, input }) : create({ childId, input }));
      onSaved();
    },
  });
  const title = subject ? `Edit ${subject.name}` : 'Add Subject';

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="section-title">{title}</h3>
      {serverError && <Alert>{serverError}</Alert>}
      <TextField label="Name" autoComplete="off" autoFocus {...field('name')} />
      <div className="form__row">
        <TextField label="Teacher" autoComplete="off" hint="Optional." {...field('teacher')} />
        <TextField label="Period" autoComplete="off" hint="Optional, e.g. 2nd." {...field('period')} />
      </div>
      <SelectField label="Grade Scale" options={GRADE_SCALE_OPTIONS} {...field('gradeScale')} />

      {values.gradeScale === 'PERCENTAGE' && (
        <fieldset className="fieldset">
          <legend className="field__label">Percentage thresholds</legend>
          <p className="field__hint">The lowest percentage for each letter; below D is F. Empty keeps the default.</p>
          <div className="form__row form__row--4">
            {THRESHOLD_LETTERS.map((letter) => (
              <TextField
                key={letter}
                label={`${letter} minimum (%)`}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.01}
                placeholder={String(DEFAULT_THRESHOLDS[letter])}
                {...field(thresholdField(letter))}
              />
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className="fieldset">
        <legend className="field__label">Weighted GPA values</legend>
        <p className="field__hint">Grade points for each letter, e.g. 5.0 for an honours A. Empty keeps the default.</p>
        <div className="form__row form__row--5">
          {GRADE_LETTERS.map((letter) => (
            <TextField
              key={letter}
              label={`${letter} points`}
              type="number"
              inputMode="decimal"
              min={0}
              max={5}
              step={0.1}
              placeholder={DEFAULT_POINTS[letter].toFixed(1)}
              {...field(pointsField(letter))}
            />
          ))}
        </div>
      </fieldset>

      <FormActions submitLabel={subject ? 'Save Subject' : 'Add Subject'} submitting={submitting} onCancel={onCancel} />
    </form>
  );
}
