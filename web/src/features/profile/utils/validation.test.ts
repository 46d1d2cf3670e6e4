import { describe, expect, it } from 'vitest';

import { validateChangePassword, validateProfile } from './validation';

describe('validateProfile', () => {
  const values = { firstName: '', lastName: '', email: 'jane@example.com', phone: '' };

  it('requires only the email', () => {
    expect(validateProfile(values)).toEqual({ email: undefined });
    expect(validateProfile({ ...values, email: '' }).email).toBe('Email is required');
    // A child added without an address saves without one, and only without one.
    expect(validateProfile({ ...values, email: '' }, { addressless: true }).email).toBeUndefined();
    expect(validateProfile({ ...values, email: 'nope' }, { addressless: true }).email).toBe(
      'Please enter a valid email address',
    );
  });

  it('checks the email format', () => {
    expect(validateProfile({ ...values, email: 'nope' }).email).toBe('Please enter a valid email address');
  });
});

describe('validateChangePassword', () => {
  const values = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

  it('takes a current password and a new one typed twice', () => {
    expect(validateChangePassword(values)).toEqual({
      currentPassword: undefined,
      newPassword: undefined,
      confirmPassword: undefined,
    });
  });

  it('names each problem beside its field', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: '12345', confirmPassword: '1234' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(validateChangePassword({ ...values, newPassword: '' }).newPassword).toBe('Password is required');
  });
});
