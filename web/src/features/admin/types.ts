import type { Plan, Role } from '@/types/api';

export type SubscriptionStatus = 'TRIAL' | 'ACTIVE' | 'CANCELED';

/** A family as the admin console lists it, with its counts. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  createdAt: string | null;
  /** False once suspended (deactivated): none of its users can log in. */
  isActive: boolean;
  userCount: number;
  childCount: number;
  choreCount: number;
}

/**
 * A user in the platform directory. Child accounts are private: the API
 * sends no name and a null email for them.
 */
export interface AdminUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: Role;
  isActive: boolean;
  emailVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string | null;
  isChild: boolean;
  organization: { id: string; name: string; plan: Plan } | null;
}

/** GET /admin/organizations/{id}: the family with its parents and child accounts. */
export interface OrganizationDetail extends Organization {
  users: AdminUser[];
}

/** GET /admin/stats. */
export interface PlatformStats {
  totals: { organizations: number; users: number; children: number; chores: number };
  organizations: { active: number; trial: number; pro: number; free: number };
  recentOrganizations: Organization[];
}

/** One page of a server-side paginated list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** "ALL" means no filter. */
export type PlanFilter = 'ALL' | Plan;
export type StatusFilter = 'ALL' | SubscriptionStatus;
export type RoleFilter = 'ALL' | Role;

export interface OrganizationQuery {
  search: string;
  plan: PlanFilter;
  status: StatusFilter;
  page: number;
}

export interface UserQuery {
  search: string;
  role: RoleFilter;
  page: number;
}
