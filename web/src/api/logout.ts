import { apiUrl, requestHeaders } from '@/lib/api-client';

/**
 * Ends the session on the server, so its token stops working at once
 * (POST /auth/logout). Best effort: the browser forgets the session whatever
 * happens here, so a failure (offline, the token already refused) is ignored,
 * and no 401 handling runs. Sent with keepalive, so leaving the page for the
 * login screen does not cancel it. With `token`, that session ends instead
 * of this browser's (a child's short session on the family tablet).
 */
export function logoutOnServer(token?: string): void {
  const headers = requestHeaders(token === undefined);
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Authorization')) return;
  fetch(apiUrl('/auth/logout'), { method: 'POST', headers, keepalive: true }).catch(() => undefined);
}
