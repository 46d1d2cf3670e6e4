import type { AdminUser, Page, UserQuery } from '../types';
import { listQuery } from '../utils/list-query';
import { usePagedList } from '../utils/use-paged-list';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One page of users of every family matching the search (name, email or family) and role. */
export function getUsers(query: UserQuery, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return api.get<Page<AdminUser>>('/admin/users', { query: listQuery(query), signal });
}

const FIRST_USERS: UserQuery = { search: '', role: 'ALL', page: 1 };

/** The All Users tab's list; nothing is loaded while `enabled` is false (the tab not opened yet). */
export function useUsers(enabled: boolean) {
  return usePagedList({ key: queryKeys.admin.users, load: getUsers, initialQuery: FIRST_USERS, enabled, what: 'users' });
}
