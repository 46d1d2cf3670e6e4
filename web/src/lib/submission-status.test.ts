import { describe, expect, it } from 'vitest';

import { reviewedStatus, statusLook } from './submission-status';

describe('statusLook', () => {
  it('names each status in words, with the row and badge colours of the spec', () => {
    expect(statusLook('APPROVED')).toEqual({ label: 'Approved', row: 'list__row--approved', badge: 'badge--success' });
    expect(statusLook('REJECTED')).toEqual({ label: 'Rejected', row: 'list__row--rejected', badge: 'badge--danger' });
    // Waiting is neither green nor red: it has not been decided.
    expect(statusLook('PENDING')).toEqual({ label: 'Waiting for review', row: 'list__row--pending', badge: 'badge--warning' });
  });

  it('reads a reviewed item that has only an approved flag', () => {
    expect(reviewedStatus(true)).toBe('APPROVED');
    expect(reviewedStatus(false)).toBe('REJECTED');
  });
});
