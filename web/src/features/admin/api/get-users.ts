import type { AdminUser, Page, UserQuery } from '../types';
import { listQuery } from '../utils/list-query';
import { api } from '@/lib/api-client';

/** One page of users of every family matching the search (name, email or family) and role. */
export function getUsers(query: UserQuery, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return api.get<Page<AdminUser>>('/admin/users', { query: listQuery(query), signal });
}
