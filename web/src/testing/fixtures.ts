import type { RewardDisplayType, Role, User } from '@/types/api';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'jane@example.com',
    role: 'ORG_ADMIN',
    firstName: 'Jane',
    lastName: 'Doe',
    phone: '',
    isActive: true,
    emailVerified: true,
    lastLoginAt: null,
    createdAt: '2024-01-15T10:00:00Z',
    organization: { id: 'org-1', name: 'The Does', plan: 'FREE' },
    childId: null,
    profile: { uiTheme: 'ADULT', rewardDisplayType: null },
    mfaEnabled: false,
    mfaSetupRequired: false,
    ...overrides,
  };
}

export function userWithRole(role: Role): User {
  return buildUser({ role, firstName: role === 'ORG_MEMBER' ? 'Sam' : 'Jane' });
}

/** A child's own login, with the reward unit their parents set on their child record. */
export function childUser(rewardDisplayType: RewardDisplayType): User {
  return buildUser({
    id: 'user-2',
    email: 'sam@example.com',
    role: 'ORG_MEMBER',
    firstName: 'Sam',
    childId: 'child-1',
    profile: { uiTheme: 'KIDS', rewardDisplayType },
  });
}

/** A JSON response the way fetch would return it. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
