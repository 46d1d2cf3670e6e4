import { useTranslation } from 'react-i18next';
import { useRef, useState } from 'react';

import { useCreateSubmission } from '@/api/create-submission';
import {
  emptySubmissionForm,
  toDateTimeLocal,
  toSubmissionBody,
  validateSubmission,
  type SubmissionFormValues,
} from '../utils/submission-form';
import { ChorePicker } from './chore-picker';
import { PhotoField } from './photo-field';
import { Alert, Button, ProgressBar, TextAreaField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { isLocked, nextAvailableText } from '@/lib/chores';
import type { Chore, ChoreAvailability } from '@/types/api';

export interface SubmitChoreFormProps {
  chores: readonly Chore[];
  /** Availability by chore id; chores not in it count as available. */
  availability: ReadonlyMap<string, ChoreAvailability>;
  initialChoreId?: string;
}

/** Which chore, when it was done, a photo and notes; sent with an upload progress bar. */
export function SubmitChoreForm({ chores, availability, initialChoreId = '' }: SubmitChoreFormProps) {
  const { t } = useTranslation('submissions');
  const [progress, setProgress] = useState(0);
  const { mutateAsync: send } = useCreateSubmission();
  const photoInput = useRef<HTMLInputElement>(null);
  const choreById = (id: string) => chores.find((chore) => chore.id === id);

  const { values, setValues, errors, serverError, submitting, saved, field, update, onSubmit } =
    useForm<SubmissionFormValues>({
      initial: () => emptySubmissionForm(choreById(initialChoreId) ? initialChoreId : ''),
      validate: (values) => validateSubmission(values, choreById(values.choreId)),
      fallback: t('failed'),
      submit: async (values) => {
        setProgress(0);
        // Resolves once the chore's availability is loaded again.
        await send({ form: toSubmissionBody(values), onProgress: setProgress });
        setValues(emptySubmissionForm());
        if (photoInput.current) photoInput.current.value = '';
      },
    });

  const chore = choreById(values.choreId);
  const waiting = availability.get(values.choreId);
  const unavailable = isLocked(waiting);

  return (
    <form className="form form--narrow" onSubmit={onSubmit} noValidate aria-label={t('formLabel')}>
      {serverError && <Alert>{serverError}</Alert>}
      {saved && <Alert variant="success">{t('saved')}</Alert>}
      <ChorePicker chores={chores} availability={availability} {...field('choreId')} />
      {unavailable && <Alert variant="info">{nextAvailableText(waiting)}</Alert>}
      <TextField
        label={t('completedAt')}
        type="datetime-local"
        max={toDateTimeLocal(new Date())}
        {...field('completedAt')}
      />
      <PhotoField
        photo={values.photo}
        required={chore?.requiresPhoto ?? false}
        error={errors.photo}
        inputRef={photoInput}
        onChange={(photo) => update('photo', photo)}
      />
      <TextAreaField label={t('notes')} hint={t('notesHint')} {...field('notes')} />
      {submitting && <ProgressBar value={progress} label={t('progress')} />}
      <div className="form__actions">
        <Button type="submit" isLoading={submitting} disabled={unavailable}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
