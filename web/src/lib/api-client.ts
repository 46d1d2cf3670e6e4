import { currentLanguage } from './i18n';
import { fieldErrorText, serverErrorText } from './server-messages';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { reportNetworkOutcome } from '@/stores/connectivity-store';
import { reasonOf, useSessionEndStore, type SessionEnd } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';
import type { ApiErrorBody, ErrorCode } from '@/types/api';

/** A non-2xx answer from the API, with the parsed error body when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.message || body?.error || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Whose session a 401 ended, and why (null when the session had ended already). */
export type EndedSession = Omit<SessionEnd, 'returnTo'>;

type UnauthorizedHandler = (ended: EndedSession | null) => void;

/** Notes the session's end on the page the browser shows, and goes to the login screen. */
const defaultUnauthorizedHandler: UnauthorizedHandler = (ended) => {
  const { pathname, search, hash } = window.location;
  if (ended) useSessionEndStore.getState().record({ ...ended, returnTo: `${pathname}${search}${hash}` });
  window.location.assign(paths.auth.login.getHref());
};

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/**
 * Sets what happens after an authenticated call is answered with 401 (the
 * session has already been cleared by then). Returns a function restoring the
 * previous handler.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = previous;
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /**
   * Whether the call carries the session token (default true). A 401 on such
   * a call ends the session; a 401 on an anonymous call (login) is only an error.
   */
  auth?: boolean;
  signal?: AbortSignal;
}

/** The address of an API path (under the configured base), with its query string. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${env.API_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** A response body: parsed JSON, the text itself when it is not JSON, undefined when empty. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A refusal's code and the values its text names, where `raw` has them. */
function codeAndParams(raw: Record<string, unknown>): Pick<ApiErrorBody, 'code' | 'params'> {
  const out: Pick<ApiErrorBody, 'code' | 'params'> = {};
  if (typeof raw.code === 'string') out.code = raw.code as ErrorCode;
  if (typeof raw.params === 'object' && raw.params !== null && !Array.isArray(raw.params)) {
    out.params = Object.fromEntries(
      Object.entries(raw.params).filter(
        (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    );
  }
  return out;
}

/** Keeps only the documented error fields, with the types they should have. */
function toErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value === 'string' && value.trim()) return { error: value.trim() };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const body: ApiErrorBody = {
    error: optionalString(raw.error),
    message: optionalString(raw.message),
  };
  Object.assign(body, codeAndParams(raw));
  if (Array.isArray(raw.details)) {
    body.details = raw.details
      .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
      .map((item) => ({ field: optionalString(item.field), message: optionalString(item.message), ...codeAndParams(item) }));
  } else if (typeof raw.details === 'string') {
    // Some calls explain a refusal in one text rather than per field.
    body.details = [{ message: raw.details }];
  }
  return body;
}

/**
 * The headers every call sends: JSON accepted, the language shown (mail the
 * server sends because of the call is written in it), and the session token
 * unless anonymous.
 */
export function requestHeaders(auth = true): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  headers.set('Accept-Language', currentLanguage());
  const token = auth ? useSessionStore.getState().token : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * The error for a non-2xx answer with body `data`. A 401 on an authenticated
 * call also ends the session and runs the unauthorized handler with whose
 * session it was and why (for the login screen to say). When `sentToken`, the
 * token the call carried, has been replaced meanwhile (renewed, or a new one
 * after a password change), the 401 was for that old token only and ends nothing.
 */
export function failedResponse(status: number, data: unknown, auth = true, sentToken?: string | null): ApiError {
  const body = toErrorBody(data);
  if (status === 401 && auth) {
    const { token, user, clearSession } = useSessionStore.getState();
    if (sentToken !== undefined && token !== null && sentToken !== token) return new ApiError(status, body);
    // Only the first 401 of a session tells of its end; calls failing
    // alongside it find the session gone already.
    const ended = token ? { reason: reasonOf(body), userId: user?.id ?? null } : null;
    clearSession();
    unauthorizedHandler(ended);
  }
  return new ApiError(status, body);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  const sentToken = auth ? useSessionStore.getState().token : null;
  const headers = requestHeaders(auth);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    // fetch fails with a TypeError when no answer came (offline, server out of
    // reach); an abort the caller asked for says nothing about the network.
    if (error instanceof TypeError) reportNetworkOutcome(false);
    throw error;
  }
  reportNetworkOutcome(true);
  const data = parseBody(await response.text());

  if (!response.ok) throw failedResponse(response.status, data, auth, sentToken);
  return data as T;
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * The text to show for a failed call, in the interface language: the
 * server's (by its code, else its `message`, then its `error`; a known text
 * translated, any other as sent), else the screen's fallback. With
 * preferDetails the first per-field validation message comes before both.
 */
export function getErrorMessage(
  error: unknown,
  fallback: string,
  options: { preferDetails?: boolean } = {},
): string {
  if (!(error instanceof ApiError) || !error.body) return fallback;
  const { body } = error;
  if (options.preferDetails && Array.isArray(body.details)) {
    const detail = body.details.map(fieldErrorText).find(Boolean);
    if (detail) return detail;
  }
  return serverErrorText(body) ?? fallback;
}

/**
 * The code a refusal names (`LINK_INVALID`), for a screen that acts on it;
 * null for any other failure. Read as a plain string, so a screen may act on
 * a code before the generated catalogue lists it.
 */
export function errorCodeOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.body?.code ?? null) : null;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
