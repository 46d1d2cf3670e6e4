import type { AdminUser, Organization, OrganizationDetail, Page, PlatformStats } from '@/features/admin/types';
import { buildUser } from './fixtures';
import type { ApiRequest } from './test-utils';

/** The platform operator who signs in to /admin. */
export const superAdmin = buildUser({ id: 'admin-1', role: 'SUPER_ADMIN', email: 'root@example.com', organization: null });

/** Families, users and platform stats the way the /admin API sends them. */
export function buildOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 'org-1',
    name: 'The Does',
    slug: 'the-does',
    plan: 'FREE',
    subscriptionStatus: 'TRIAL',
    trialEndsAt: '2030-02-01T00:00:00Z',
    createdAt: '2024-01-15T10:00:00Z',
    isActive: true,
    userCount: 3,
    childCount: 2,
    choreCount: 7,
    ...overrides,
  };
}

export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'user-1',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    role: 'ORG_ADMIN',
    isActive: true,
    emailVerified: true,
    lastLoginAt: '2024-05-01T08:00:00Z',
    createdAt: '2024-01-15T10:00:00Z',
    isChild: false,
    organization: { id: 'org-1', name: 'The Does', plan: 'FREE' },
    ...overrides,
  };
}

/** A child account: no name and no email, as the API keeps them private. */
export function buildChildAccount(overrides: Partial<AdminUser> = {}): AdminUser {
  return buildAdminUser({
    id: 'user-child',
    firstName: null,
    lastName: null,
    email: null,
    role: 'ORG_MEMBER',
    emailVerified: false,
    lastLoginAt: null,
    isChild: true,
    ...overrides,
  });
}

export function buildOrganizationDetail(overrides: Partial<OrganizationDetail> = {}): OrganizationDetail {
  return { ...buildOrganization(), users: [buildAdminUser(), buildChildAccount()], ...overrides };
}

export function buildPlatformStats(overrides: Partial<PlatformStats> = {}): PlatformStats {
  return {
    totals: { organizations: 12, users: 40, children: 21, chores: 95 },
    organizations: { active: 9, trial: 3, pro: 4, free: 8 },
    recentOrganizations: [buildOrganization()],
    ...overrides,
  };
}

export function pageOf<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 20, ...overrides };
}

/** The path of a request without its query string, and the query as an object. */
export function splitPath(request: ApiRequest): { pathname: string; query: Record<string, string> } {
  const url = new URL(request.path, 'http://localhost');
  return { pathname: url.pathname, query: Object.fromEntries(url.searchParams) };
}
