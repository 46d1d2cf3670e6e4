import { describe, expect, it } from 'vitest';

import { MAX_PHOTO_BYTES, photoProblem, quickSubmission } from './quick-submission';

const image = (size = 4, type = 'image/png') => new File([new Uint8Array(size)], 'porch.png', { type });

describe('quickSubmission', () => {
  it('sends the chore as done now, to the minute, without notes or photo', () => {
    const body = quickSubmission('chore-1', new Date(2024, 4, 1, 8, 30, 45, 123));
    expect(body.get('choreId')).toBe('chore-1');
    expect(body.get('completedAt')).toBe(new Date(2024, 4, 1, 8, 30).toISOString());
    expect(body.get('notes')).toBe('');
    expect(body.has('photo')).toBe(false);
  });

  it('carries the photo of a photo chore', () => {
    const photo = image();
    const body = quickSubmission('chore-1', new Date(2024, 4, 1, 8, 30), photo);
    expect((body.get('photo') as File).name).toBe('porch.png');
  });
});

describe('photoProblem', () => {
  it('asks for a photo, an image, and one the server takes', () => {
    expect(photoProblem(null)).toBe('quickSubmit.photoRequired');
    expect(photoProblem(image(4, 'text/plain'))).toBe('quickSubmit.photoNotImage');
    expect(photoProblem(image(MAX_PHOTO_BYTES + 1))).toBe('quickSubmit.photoTooLarge');
    expect(photoProblem(image())).toBeNull();
  });
});
