import { describe, expect, it } from 'vitest';

import { quickSubmission } from './quick-submission';

describe('quickSubmission', () => {
  it('sends the chore as done now, to the minute, without notes or photo', () => {
    const body = quickSubmission('chore-1', new Date(2024, 4, 1, 8, 30, 45, 123));
    expect(body.get('choreId')).toBe('chore-1');
    expect(body.get('completedAt')).toBe(new Date(2024, 4, 1, 8, 30).toISOString());
    expect(body.get('notes')).toBe('');
    expect(body.has('photo')).toBe(false);
  });
});
