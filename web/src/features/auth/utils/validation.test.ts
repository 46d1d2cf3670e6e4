import { describe, expect, it } from 'vitest';

import { validateAcceptInvite, validateLogin, validateRegister } from './validation';

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('rejects a malformed email', () => {
    expect(validateLogin({ email: 'not-an-email', password: 'secret' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(validateLogin({ email: 'a@b', password: 'secret' }).email).toBe(
      'Please enter a valid email address',
    );
  });

  it('accepts good values', () => {
    expect(validateLogin({ email: ' jane@example.com ', password: 'x' })).toEqual({
      email: undefined,
      password: undefined,
    });
  });
});

describe('validateRegister', () => {
  const valid = {
    organizationName: 'The Does',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    password: 'secret1',
  };

  it('requires every field', () => {
    expect(
      validateRegister({ organizationName: ' ', firstName: '', lastName: '', email: '', password: '' }),
    ).toEqual({
      organizationName: 'Family name is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('needs a password of at least 6 characters', () => {
    expect(validateRegister({ ...valid, password: '12345' }).password).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateRegister({ ...valid, password: '123456' }).password).toBeUndefined();
  });

  it('checks the email format', () => {
    expect(validateRegister({ ...valid, email: 'jane' }).email).toBe('Please enter a valid email address');
  });

  it('accepts good values', () => {
    expect(Object.values(validateRegister(valid)).filter(Boolean)).toEqual([]);
  });
});

describe('validateAcceptInvite', () => {
  it('needs 6 characters', () => {
    expect(validateAcceptInvite({ password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: undefined,
    });
  });

  it('needs matching passwords', () => {
    expect(validateAcceptInvite({ password: 'secret1', confirmPassword: 'secret2' }).confirmPassword).toBe(
      'Passwords do not match',
    );
  });

  it('accepts matching passwords', () => {
    expect(validateAcceptInvite({ password: 'secret1', confirmPassword: 'secret1' })).toEqual({
      password: undefined,
      confirmPassword: undefined,
    });
  });
});
