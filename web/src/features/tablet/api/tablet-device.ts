import type { TabletBoard, TabletUnlockInput } from '../types';
import { ApiError, apiUrl, failedResponse, parseBody, requestHeaders } from '@/lib/api-client';
import { reportNetworkOutcome } from '@/stores/connectivity-store';
import type { AuthResponse } from '@/types/api';

/**
 * A call the tablet makes with its device token (`X-Tablet-Token`), never
 * with a session: a 401 says the tablet was removed, and ends no session.
 * Like every API call it tells the connectivity store whether an answer came
 * (the board's waiting taps go when one comes again).
 */
async function tabletCall<T>(deviceToken: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers = requestHeaders(false);
  headers.set('X-Tablet-Token', deviceToken);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A TypeError: no answer came (offline, server out of reach); an abort says nothing of the network.
    if (error instanceof TypeError) reportNetworkOutcome(false);
    throw error;
  }
  reportNetworkOutcome(true);
  const data = parseBody(await response.text());
  if (!response.ok) throw failedResponse(response.status, data, false);
  return data as T;
}

/**
 * The family board: the tablet's name, the family's, the children who may
 * sign in on it, and each child's chores of today. A 403 says the family is
 * suspended.
 */
export function getTabletBoard(deviceToken: string, signal?: AbortSignal): Promise<TabletBoard> {
  return tabletCall<TabletBoard>(deviceToken, '/tablet/board', undefined, signal);
}

/** A child's PIN opens their own short-lived session. */
export function unlockTablet(deviceToken: string, input: TabletUnlockInput): Promise<AuthResponse> {
  return tabletCall<AuthResponse>(deviceToken, '/tablet/unlock', input);
}

/** Whether a failed tablet call means this browser is no longer the family tablet. */
export function tabletRemoved(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
