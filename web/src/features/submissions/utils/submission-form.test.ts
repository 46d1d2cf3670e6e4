import { describe, expect, it } from 'vitest';

import {
  MAX_PHOTO_BYTES,
  completedNow,
  emptySubmissionForm,
  toDateTimeLocal,
  toSubmissionBody,
  validateSubmission,
} from './submission-form';
import { buildChore } from '@/testing/chores';

const NOW = new Date(2024, 5, 15, 12, 30, 45);
const photoChore = buildChore({ requiresPhoto: true });
const image = (size = 4) => new File([new Uint8Array(size)], 'proof.png', { type: 'image/png' });

describe('toDateTimeLocal', () => {
  it('writes the local date and time to the minute', () => {
    expect(toDateTimeLocal(new Date(2024, 0, 5, 7, 3, 59))).toBe('2024-01-05T07:03');
  });
});

describe('completedNow (a KIDS child: no time asked)', () => {
  it('sets the completion time to now, to the minute, and keeps the rest', () => {
    const form = { ...emptySubmissionForm('chore-1', new Date(2024, 5, 1, 8, 0)), notes: 'All of it' };
    expect(completedNow(form, NOW)).toEqual({ ...form, completedAt: '2024-06-15T12:30' });
    expect(toSubmissionBody(completedNow(form, NOW)).get('completedAt')).toBe(new Date(2024, 5, 15, 12, 30).toISOString());
  });
});

describe('validateSubmission', () => {
  const form = { ...emptySubmissionForm(photoChore.id, NOW), photo: image() };

  it('accepts a chore done now with a photo', () => {
    expect(validateSubmission(form, photoChore, NOW)).toEqual({
      choreId: undefined,
      completedAt: undefined,
      photo: undefined,
    });
  });

  it('requires the chore and the completion time', () => {
    const errors = validateSubmission({ ...form, choreId: '', completedAt: '' }, undefined, NOW);
    expect(errors.choreId).toBe('Please choose a chore');
    expect(errors.completedAt).toBe('Completion time is required');
  });

  it('refuses a completion time later than now', () => {
    expect(validateSubmission({ ...form, completedAt: '2024-06-15T12:31' }, photoChore, NOW).completedAt).toBe(
      'Completion time cannot be in the future',
    );
    expect(validateSubmission({ ...form, completedAt: 'nope' }, photoChore, NOW).completedAt).toBe(
      'Please enter a valid date and time',
    );
  });

  it('asks for a photo only when the chore requires one', () => {
    expect(validateSubmission({ ...form, photo: null }, photoChore, NOW).photo).toBe(
      'A photo is required for this chore',
    );
    expect(validateSubmission({ ...form, photo: null }, buildChore(), NOW).photo).toBeUndefined();
  });

  it('takes images of up to 10 MB only', () => {
    const text = new File(['hi'], 'notes.txt', { type: 'text/plain' });
    expect(validateSubmission({ ...form, photo: text }, photoChore, NOW).photo).toBe('Please choose an image file');
    expect(validateSubmission({ ...form, photo: image(MAX_PHOTO_BYTES) }, photoChore, NOW).photo).toBeUndefined();
    expect(validateSubmission({ ...form, photo: image(MAX_PHOTO_BYTES + 1) }, photoChore, NOW).photo).toBe(
      'Photo must be 10 MB or smaller',
    );
  });
});

describe('toSubmissionBody', () => {
  it('sends the completion time as ISO 8601 and the photo only when there is one', () => {
    const values = { choreId: 'c1', completedAt: '2024-06-15T08:05', notes: ' done ', photo: null };
    const body = toSubmissionBody(values);
    expect(body.get('choreId')).toBe('c1');
    expect(body.get('completedAt')).toBe(new Date(2024, 5, 15, 8, 5).toISOString());
    expect(body.get('notes')).toBe('done');
    expect(body.has('photo')).toBe(false);
    expect((toSubmissionBody({ ...values, photo: image() }).get('photo') as File).name).toBe('proof.png');
  });
});
