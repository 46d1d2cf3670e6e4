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
  const named = { email: '', firstName: '', lastName: '' };

  it('needs 6 characters', () => {
    expect(validateAcceptInvite({ ...named, password: 'abc', confirmPassword: 'abc' })).toEqual({
      email: undefined,
      firstName: undefined,
      password: 'Password must be at least 6 characters',
      confirmPassword: undefined,
    });
  });

  it('needs matching passwords', () => {
    expect(
      validateAcceptInvite({ ...named, password: 'secret1', confirmPassword: 'secret2' }).confirmPassword,
    ).toBe('Passwords do not match');
  });

  it('accepts matching passwords for an invitation naming its invitee', () => {
    expect(validateAcceptInvite({ ...named, password: 'secret1', confirmPassword: 'secret1' })).toEqual({
      email: undefined,
      firstName: undefined,
      password: undefined,
      confirmPassword: undefined,
    });
  });

  it('asks an open invite code for a valid email and a first name', () => {
    const values = { email: 'nope', firstName: ' ', lastName: '', password: 'secret1', confirmPassword: 'secret1' };
    expect(validateAcceptInvite(values, { email: true, name: true })).toMatchObject({
      email: 'Please enter a valid email address',
      firstName: 'First name is required',
    });
    expect(
      validateAcceptInvite({ ...values, email: 'sam@example.com', firstName: 'Sam' }, { email: true, name: true }),
    ).toEqual({ email: undefined, firstName: undefined, password: undefined, confirmPassword: undefined });
  });
});
