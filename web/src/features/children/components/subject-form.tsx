import { useTranslation } from 'react-i18next';

import { useCreateSubject } from '../api/create-subject';
import { useUpdateSubject } from '../api/update-subject';
import type { Subject } from '../types';
import {
  DEFAULT_POINTS,
  DEFAULT_THRESHOLDS,
  GRADE_LETTERS,
  THRESHOLD_LETTERS,
  gradeScaleOptions,
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
  const { t } = useTranslation(['children', 'common', 'errors']);
  const { mutateAsync: create } = useCreateSubject();
  const { mutateAsync: update } = useUpdateSubject();
  const { values, serverError, submitting, field, onSubmit } = useForm<SubjectFormValues>({
    initial: () => subjectFormOf(subject),
    validate: validateSubject,
    fallback: t('errors:fallback.saveSubject'),
    preferDetails: true,
    submit: async (values) => {
      const input = toSubjectInput(values);
      await (subject ? update({ id: subject.id, input }) : create({ childId, input }));
      onSaved();
    },
  });
  const title = subject ? t('common:named.edit', { name: subject.name }) : t('subject.add');

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="section-title">{title}</h3>
      {serverError && <Alert>{serverError}</Alert>}
      <TextField label={t('subject.name')} autoComplete="off" autoFocus {...field('name')} />
      <div className="form__row">
        <TextField label={t('subject.teacher')} autoComplete="off" hint={t('subject.optional')} {...field('teacher')} />
        <TextField label={t('subject.period')} autoComplete="off" hint={t('subject.periodHint')} {...field('period')} />
      </div>
      <SelectField label={t('subject.gradeScale')} options={gradeScaleOptions()} {...field('gradeScale')} />

      {values.gradeScale === 'PERCENTAGE' && (
        <fieldset className="fieldset">
          <legend className="field__label">{t('subject.thresholds')}</legend>
          <p className="field__hint">{t('subject.thresholdsHint')}</p>
          <div className="form__row form__row--4">
            {THRESHOLD_LETTERS.map((letter) => (
              <TextField
                key={letter}
                label={t('subject.thresholdLabel', { letter })}
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
        <legend className="field__label">{t('subject.points')}</legend>
        <p className="field__hint">{t('subject.pointsHint')}</p>
        <div className="form__row form__row--5">
          {GRADE_LETTERS.map((letter) => (
            <TextField
              key={letter}
              label={t('subject.pointsLabel', { letter })}
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

      <FormActions
        submitLabel={subject ? t('subject.save') : t('subject.add')}
        submitting={submitting}
        onCancel={onCancel}
      />
    </form>
  );
}
