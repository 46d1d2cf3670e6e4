import { i18n } from '@/lib/i18n';
import { isBlank, type FieldErrors } from '@/lib/validation';
import type { Chore } from '@/types/api';

/** The Submit Chore form, as entered. */
export interface SubmissionFormValues {
  choreId: string;
  /** The browser's local date and time, as a datetime-local input holds it (YYYY-MM-DDTHH:mm). */
  completedAt: string;
  notes: string;
  photo: File | null;
}

/** The server refuses larger photos (413). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

const pad = (value: number) => String(value).padStart(2, '0');

/** `date` in the browser's time zone, as a datetime-local input wants it. */
export function toDateTimeLocal(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A fresh form: completed now, nothing else filled in but the chore, if given. */
export function emptySubmissionForm(choreId = '', now = new Date()): SubmissionFormValues {
  return { choreId, completedAt: toDateTimeLocal(now), notes: '', photo: null };
}

/**
 * The values with the chore done now (to the minute, as the form sends a
 * time): a KIDS child's form asks no completion time and sends this.
 */
export function completedNow(values: SubmissionFormValues, now = new Date()): SubmissionFormValues {
  return { ...values, completedAt: toDateTimeLocal(now) };
}

function validateCompletedAt(value: string, now: Date): string | undefined {
  if (isBlank(value)) return i18n.t('submissions:errors.completedAtRequired');
  // A date and time without an offset is read in the browser's time zone.
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return i18n.t('submissions:errors.completedAtInvalid');
  if (time > now.getTime()) return i18n.t('submissions:errors.completedAtFuture');
  return undefined;
}

function validatePhoto(photo: File | null, chore: Chore | undefined): string | undefined {
  if (!photo) return chore?.requiresPhoto ? i18n.t('submissions:errors.photoRequired') : undefined;
  if (!photo.type.startsWith('image/')) return i18n.t('submissions:errors.photoNotImage');
  if (photo.size > MAX_PHOTO_BYTES) return i18n.t('submissions:errors.photoTooLarge');
  return undefined;
}

/** Chore and completion time required, not in the future; a photo when the chore asks for one, images only. */
export function validateSubmission(
  values: SubmissionFormValues,
  chore: Chore | undefined,
  now = new Date(),
): FieldErrors<keyof SubmissionFormValues> {
  return {
    choreId: isBlank(values.choreId) ? i18n.t('submissions:errors.choreRequired') : undefined,
    completedAt: validateCompletedAt(values.completedAt, now),
    photo: validatePhoto(values.photo, chore),
  };
}

/** The multipart body of POST /submissions; the completion time as ISO 8601. */
export function toSubmissionBody(values: SubmissionFormValues): FormData {
  const body = new FormData();
  body.set('choreId', values.choreId);
  body.set('completedAt', new Date(values.completedAt).toISOString());
  body.set('notes', values.notes.trim());
  if (values.photo) body.set('photo', values.photo, values.photo.name);
  return body;
}
