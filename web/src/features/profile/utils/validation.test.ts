import { describe, expect, it } from 'vitest';

import { validateProfile } from './validation';

describe('validateProfile', () => {
  const values = { firstName: '', lastName: '', email: 'jane@example.com', phone: '' };

  it('requires only the email', () => {
    expect(validateProfile(values)).toEqual({ email: undefined });
    expect(validateProfile({ ...values, email: '' }).email).toBe('Email is required');
  });

  it('checks the email format', () => {
    expect(validateProfile({ ...values, email: 'nope' }).email).toBe('Please enter a valid email address');
  });
});
