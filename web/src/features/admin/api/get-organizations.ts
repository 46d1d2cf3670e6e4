import type { Organization, OrganizationQuery, Page } from '../types';
import { listQuery } from '../utils/list-query';
import { api } from '@/lib/api-client';

/** One page of families matching the search (name or slug), plan and status. */
export function getOrganizations(query: OrganizationQuery, signal?: AbortSignal): Promise<Page<Organization>> {
  return api.get<Page<Organization>>('/admin/organizations', { query: listQuery(query), signal });
}
