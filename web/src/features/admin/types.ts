import type { PLANS, ROLES, STATUSES } from './utils/list-query';
import type { components } from '@/types/schema';

type Schemas = components['schemas'];

/** A family as the admin console lists it, with its counts; isActive is false once suspended. */
export type Organization = Schemas['AdminOrganization'];

export type SubscriptionStatus = Organization['subscriptionStatus'];

/**
 * A user in the platform directory. Child accounts are private: the API
 * sends no name and a null email for them.
 */
export type AdminUser = Schemas['AdminUser'];

/** GET /admin/organizations/{id}: the family with its parents and child accounts. */
export type OrganizationDetail = Schemas['OrganizationDetailView'];

/** GET /admin/stats. */
export type PlatformStats = Schemas['PlatformStatsView'];

/** One page of a server-side paginated list. */
export type Page<T> = Omit<Schemas['Page_AdminOrganization'], 'items'> & { items: T[] };

/** "ALL" means no filter. */
export type PlanFilter = 'ALL' | (typeof PLANS)[number];
export type StatusFilter = 'ALL' | (typeof STATUSES)[number];
export type RoleFilter = 'ALL' | (typeof ROLES)[number];

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
