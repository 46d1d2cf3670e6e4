import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { apiUrl } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LiveEventKind } from '@/types/live-events';

export type { LiveEventKind } from '@/types/live-events';

/**
 * What each event makes out of date. A prefix key covers every query under
 * it (`submissions` covers pending, history and availability). Its keys are
 * the event catalogue's (generated): a new live event fails the type check
 * until it is given its queries here.
 */
const AFFECTED: Record<Exclude<LiveEventKind, 'reload'>, readonly QueryKey[]> = {
  'submission.created': [queryKeys.submissions, queryKeys.dashboardStats],
  'submission.reviewed': [queryKeys.submissions, queryKeys.dashboardStats, queryKeys.children],
  'balance.changed': [
    queryKeys.dashboardStats,
    queryKeys.children,
    queryKeys.payouts,
    queryKeys.jars.all,
    queryKeys.goals.all,
    queryKeys.statements,
  ],
  'chore.changed': [
    queryKeys.chores,
    queryKeys.categories,
    queryKeys.availability,
    queryKeys.today,
    queryKeys.dashboardStats,
  ],
  'child.changed': [queryKeys.children, queryKeys.dashboardStats],
  'organization.changed': [queryKeys.admin.all],
  'chore.missed': [queryKeys.dashboardStats, queryKeys.children, queryKeys.today, queryKeys.missed],
  'chore.excused': [queryKeys.dashboardStats, queryKeys.children, queryKeys.today, queryKeys.missed],
  'family.changed': [queryKeys.dashboardStats, queryKeys.availability, queryKeys.today],
  'store.redemption': [queryKeys.store.redemptions, queryKeys.dashboardStats],
  'store.changed': [queryKeys.store.items],
  'goal.reached': [queryKeys.goals.all, queryKeys.dashboardStats],
  notification: [queryKeys.notifications],
  'notification.read': [queryKeys.notifications],
};

/** The queries an event makes out of date; `null` for all of them. */
export function affectedBy(kind: string): readonly QueryKey[] | null {
  if (kind === 'reload') return null;
  return AFFECTED[kind as keyof typeof AFFECTED] ?? [];
}

/** Marks what `kind` changed as stale: shown screens load it again. */
export function applyLiveEvent(client: QueryClient, kind: string): void {
  const keys = affectedBy(kind);
  if (keys === null) {
    void client.invalidateQueries();
    return;
  }
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/** Said when the server refuses the stream: following again would not help. */
class StreamRefused extends Error {}

/** Said when the server ends the stream: it is followed again. */
class StreamClosed extends Error {}

/** The longest wait before following again after the stream broke. */
const MAX_RETRY_MS = 30_000;

/**
 * Follows the signed-in user's live events until `signal` aborts, calling
 * `onEvent` with each kind. The token travels in the Authorization header
 * (never in the URL), so the stream is read with fetch rather than
 * EventSource. A broken stream is followed again with `Last-Event-ID`, so
 * nothing sent meanwhile is missed; a refused one (the session ended) is not.
 */
export function followLiveUpdates(token: string, onEvent: (kind: string) => void, signal: AbortSignal): void {
  let retry = 1_000;
  void fetchEventSource(apiUrl('/events'), {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    signal,
    onopen(response) {
      if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) {
        retry = 1_000;
        return Promise.resolve();
      }
      return Promise.reject(new StreamRefused(`live updates refused: ${response.status}`));
    },
    onmessage(message) {
      if (message.event) onEvent(message.event);
    },
    onclose() {
      // The server ended it (shutting down, or the session ended): follow
      // again, which a replica answers or the session's end refuses.
      throw new StreamClosed();
    },
    onerror(error) {
      if (error instanceof StreamRefused) throw error;
      retry = Math.min(retry * 2, MAX_RETRY_MS);
      return retry;
    },
  }).catch(() => {
    // Refused or aborted: the session's own calls say what happened.
  });
}
