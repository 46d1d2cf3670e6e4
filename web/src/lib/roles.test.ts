import { describe, expect, it } from 'vitest';

import { homePathFor, isParentRole, roleLabel } from './roles';

describe('roles', () => {
  it('labels roles for people', () => {
    expect(roleLabel('ORG_ADMIN')).toBe('Parent');
    expect(roleLabel('ORG_MEMBER')).toBe('Child');
    expect(roleLabel('SUPER_ADMIN')).toBe('Admin');
    expect(roleLabel(undefined)).toBe('');
  });

  it('treats parents and super admins as parent-level', () => {
    expect(isParentRole('ORG_ADMIN')).toBe(true);
    expect(isParentRole('SUPER_ADMIN')).toBe(true);
    expect(isParentRole('ORG_MEMBER')).toBe(false);
  });

  it('sends super admins to /admin after login and everyone else to /', () => {
    expect(homePathFor('SUPER_ADMIN')).toBe('/admin');
    expect(homePathFor('ORG_ADMIN')).toBe('/');
    expect(homePathFor('ORG_MEMBER')).toBe('/');
  });
});
