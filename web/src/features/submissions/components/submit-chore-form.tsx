import { useTranslation } from 'react-i18next';
import { useRef, useState } from 'react';

import { useCreateSubmission } from '@/api/create-submission';
import {
  completedNow,
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
import { isLocked, nextAvailableText, type AvailabilityWords } from '@/lib/chores';
import type { Chore, ChoreAvailability } from '@/types/api';

/** The server's field errors shown beside a field when the completion time is not asked (the rest: the alert). */
const FIELDS_WITHOUT_TIME = { choreId: 'choreId', notes: 'notes', photo: 'photo' } as const;

export interface SubmitChoreFormProps {
  chores: readonly Chore[];
  /** Availability by chore id; chores not in it count as available. */
  availability: ReadonlyMap<string, ChoreAvailability>;
  initialChoreId?: string;
  /** How a locked chore's return is told (a KIDS child: "tomorrow", "on Friday"). */
  words?: AvailabilityWords;
  /**
   * Whether the child says when they did it (the spec's form, TEEN and
   * ADULT); without it (KIDS) the chore is sent as done now.
   */
  askCompletedAt?: boolean;
  /**
   * Called once the chore is sent, instead of the form starting over with
   * its "submitted" message (a KIDS child goes back to the home).
   */
  onSent?: (chore: Chore) => void;
}

/** Which chore, when it was done, a photo and notes; sent with an upload progress bar. */
export function SubmitChoreForm({
  chores,
  availability,
  initialChoreId = '',
  words = {},
  askCompletedAt = true,
  onSent,
}: SubmitChoreFormProps) {
  const { t } = useTranslation('submissions');
  const [progress, setProgress] = useState(0);
  const { mutateAsync: send } = useCreateSubmission();
  const photoInput = useRef<HTMLInputElement>(null);
  const choreById = (id: string) => chores.find((chore) => chore.id === id);
  // Without the field, the time sent is the moment of sending.
  const withTime = (values: SubmissionFormValues) => (askCompletedAt ? values : completedNow(values));

  const { values, setValues, errors, serverError, submitting, saved, field, update, onSubmit } =
    useForm<SubmissionFormValues>({
      initial: () => emptySubmissionForm(choreById(initialChoreId) ? initialChoreId : ''),
      validate: (values) => validateSubmission(withTime(values), choreById(values.choreId)),
      fallback: t('failed'),
      serverFields: askCompletedAt ? undefined : FIELDS_WITHOUT_TIME,
      submit: async (values) => {
        setProgress(0);
        // Resolves once the chore's availability is loaded again.
        await send({ form: toSubmissionBody(withTime(values)), onProgress: setProgress });
        const sent = choreById(values.choreId);
        if (onSent && sent) {
          onSent(sent);
          return;
        }
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
      {saved && !onSent && <Alert variant="success">{t('saved')}</Alert>}
      <ChorePicker chores={chores} availability={availability} words={words} {...field('choreId')} />
      {unavailable && <Alert variant="info">{nextAvailableText(waiting, words)}</Alert>}
      {askCompletedAt && (
        <TextField
          label={t('completedAt')}
          type="datetime-local"
          max={toDateTimeLocal(new Date())}
          {...field('completedAt')}
        />
      )}
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
