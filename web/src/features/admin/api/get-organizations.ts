import type { Organization, OrganizationQuery, Page } from '../types';
import { listQuery } from '../utils/list-query';
import { usePagedList } from '../utils/use-paged-list';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One page of families matching the search (name or slug), plan and status. */
export function getOrganizations(query: OrganizationQuery, signal?: AbortSignal): Promise<Page<Organization>> {
  return api.get<Page<Organization>>('/admin/organizations', { query: listQuery(query), signal });
}

export const FIRST_ORGANIZATIONS: OrganizationQuery = { search: '', plan: 'ALL', status: 'ALL', page: 1 };

/** The Organizations tab's list; its first page loads with the console. */
export function useOrganizations() {
  return usePagedList({
    key: queryKeys.admin.organizations,
    load: getOrganizations,
    initialQuery: FIRST_ORGANIZATIONS,
    what: 'organizations',
  });
}
