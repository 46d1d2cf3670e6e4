import { describe, expect, it } from 'vitest';

import { expiryOptions, inviteLinkFor, roleOptions } from './invite-options';
import { validateInviteCode } from './validation';

const valid = { role: 'ORG_ADMIN', email: '', expiresInDays: '7' };
const noErrors = (errors: Partial<Record<string, string>>) => Object.values(errors).filter(Boolean);

describe('validateInviteCode', () => {
  it('lets the email be empty (any email may join)', () => {
    expect(noErrors(validateInviteCode(valid))).toEqual([]);
    expect(noErrors(validateInviteCode({ ...valid, email: '   ' }))).toEqual([]);
  });

  it('checks an email that was given', () => {
    expect(validateInviteCode({ ...valid, email: 'grandma@' }).email).toBe('Please enter a valid email address');
    expect(validateInviteCode({ ...valid, email: 'grandma@example.com' }).email).toBeUndefined();
  });

  it('accepts only the parent and child roles', () => {
    expect(validateInviteCode({ ...valid, role: 'ORG_MEMBER' }).role).toBeUndefined();
    expect(validateInviteCode({ ...valid, role: 'SUPER_ADMIN' }).role).toBe('Please choose a role');
  });

  it('accepts only 1, 3, 7, 14 or 30 days', () => {
    for (const days of ['1', '3', '7', '14', '30']) {
      expect(validateInviteCode({ ...valid, expiresInDays: days }).expiresInDays).toBeUndefined();
    }
    for (const days of ['0', '2', '31', '']) {
      expect(validateInviteCode({ ...valid, expiresInDays: days }).expiresInDays).toBe(
        'Please choose when the invitation expires',
      );
    }
  });
});

describe('invite options', () => {
  it('offers Parent first, then Child, and the five expiry choices', () => {
    expect(roleOptions()).toEqual([
      { value: 'ORG_ADMIN', label: 'Parent' },
      { value: 'ORG_MEMBER', label: 'Child' },
    ]);
    expect(expiryOptions().map((option) => option.label)).toEqual(['1 day', '3 days', '7 days', '14 days', '30 days']);
  });

  it('links to the invitation screen of this site', () => {
    expect(inviteLinkFor('abc123', 'https://chorely.example')).toBe('https://chorely.example/invite/abc123');
    expect(inviteLinkFor('abc123', 'https://chorely.example/')).toBe('https://chorely.example/invite/abc123');
    expect(inviteLinkFor('abc123')).toBe(`${window.location.origin}/invite/abc123`);
  });
});
