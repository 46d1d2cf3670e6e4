import type { OrganizationQuery, SubscriptionStatus, UserQuery } from '../types';
import type { Plan, Role } from '@/types/api';

/** What the filters offer besides ALL (no filter). */
export const PLANS = ['FREE', 'PRO', 'ENTERPRISE'] as const satisfies readonly Plan[];
export const STATUSES = ['TRIAL', 'ACTIVE', 'CANCELED'] as const satisfies readonly SubscriptionStatus[];
export const ROLES = ['SUPER_ADMIN', 'ORG_ADMIN', 'ORG_MEMBER'] as const satisfies readonly Role[];

/** Rows per page of the Organizations and All Users tables. */
export const PAGE_SIZE = 20;

/**
 * The query string of a paginated list: filters set to ALL and an empty
 * search are left out (no filter); the page size is always sent.
 */
export function listQuery(query: OrganizationQuery | UserQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query) as [string, string | number][]) {
    const sent = typeof value === 'string' ? value.trim() : value;
    if (sent !== '' && sent !== 'ALL') params[key] = sent;
  }
  return { ...params, pageSize: PAGE_SIZE };
}

/** How many pages `total` rows fill (at least one, so an empty list reads "Page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** A filter's options: "ALL" (no filter) under `allLabel`, then each value, shown as `label` gives it. */
export function filterOptions<V extends string>(
  allLabel: string,
  values: readonly V[],
  label: (value: V) => string = (value) => value,
): { value: string; label: string }[] {
  return [{ value: 'ALL', label: allLabel }, ...values.map((value) => ({ value, label: label(value) }))];
}
