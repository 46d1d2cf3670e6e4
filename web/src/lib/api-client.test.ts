import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, api, getErrorMessage, isApiError, setUnauthorizedHandler } from './api-client';
import { STORAGE_KEYS } from './storage';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';

describe('getErrorMessage', () => {
  it('prefers the server message, then error, then the fallback', () => {
    expect(getErrorMessage(new ApiError(400, { error: 'Bad', message: 'Nice text' }), 'Fallback')).toBe(
      'Nice text',
    );
    expect(getErrorMessage(new ApiError(400, { error: 'Bad' }), 'Fallback')).toBe('Bad');
    expect(getErrorMessage(new ApiError(400, { message: '  ', error: '' }), 'Fallback')).toBe(
      'Fallback',
    );
    expect(getErrorMessage(new ApiError(500, null), 'Fallback')).toBe('Fallback');
  });

  it('uses the fallback for errors that are not API errors', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'Failed to login')).toBe('Failed to login');
    expect(getErrorMessage(undefined, 'Failed to login')).toBe('Failed to login');
  });

  it('can prefer the first validation detail', () => {
    const error = new ApiError(400, {
      error: 'Validation failed',
      message: 'Validation failed',
      details: [{ field: 'email' }, { field: 'email', message: 'Email is taken' }],
    });
    expect(getErrorMessage(error, 'Fallback', { preferDetails: true })).toBe('Email is taken');
    expect(getErrorMessage(error, 'Fallback')).toBe('Validation failed');
  });
});

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
  let restoreHandler: () => void;

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    onUnauthorized = vi.fn<() => void>();
    restoreHandler = setUnauthorizedHandler(onUnauthorized);
    useSessionStore.getState().setSession('secret-token', buildUser());
  });

  afterEach(() => restoreHandler());

  it('sends JSON with the bearer token under /api', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));

    await expect(api.put('/users/me', { firstName: 'Jane' })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/me');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(JSON.stringify({ firstName: 'Jane' }));
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('adds query parameters and leaves out empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await api.get('/submissions', { query: { status: 'PENDING', page: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/submissions?status=PENDING');
  });

  it('does not send the token on anonymous calls', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.post('/auth/login', { email: 'a@b.co', password: 'x' }, { auth: false });
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('resolves empty bodies to undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/categories/1')).resolves.toBeUndefined();
  });

  it('throws ApiError with the parsed body on failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { error: 'Conflict', message: 'Email already registered' }));
    const error: unknown = await api.post('/auth/register', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect(getErrorMessage(error, 'Failed to register')).toBe('Email already registered');
  });

  it('reads a details text as the detail to prefer', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: 'Bad Request',
        message: 'Invalid subject',
        details: 'Thresholds must go down from A to D',
      }),
    );
    const error = await api.post('/subjects/c1', {}).catch((e: unknown) => e);
    expect(getErrorMessage(error, 'Failed to save subject', { preferDetails: true })).toBe(
      'Thresholds must go down from A to D',
    );
    expect(getErrorMessage(error, 'Failed to save subject')).toBe('Invalid subject');
  });

  it('keeps a plain-text error body as the error text', async () => {
    fetchMock.mockResolvedValue(new Response('Service Unavailable', { status: 503 }));
    const error = await api.get('/dashboard/stats').catch((e: unknown) => e);
    expect(getErrorMessage(error, 'Fallback')).toBe('Service Unavailable');
  });

  it('ends the session on a 401 from an authenticated call', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Unauthorized', message: 'Token expired' }));

    await expect(api.get('/users/me')).rejects.toBeInstanceOf(ApiError);

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('says whose session a 401 ended, and why by its code only', async () => {
    const suspended = 'This family account has been suspended';
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(401, { error: suspended, message: suspended, code: 'FAMILY_SUSPENDED' })),
    );
    await expect(api.get('/children')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenLastCalledWith({ reason: suspended, userId: 'user-1' });

    // A call failing alongside it finds the session gone: nothing more to tell.
    await expect(api.get('/chores')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenLastCalledWith(null);

    // An expired token is an ended session without a reason, whatever its words.
    useSessionStore.getState().setSession('other-token', buildUser());
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Invalid or expired token', message: 'Invalid or expired token', code: 'UNAUTHENTICATED' }));
    await expect(api.get('/children')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenLastCalledWith({ reason: null, userId: 'user-1' });
  });

  it('ends nothing on a 401 for a token replaced while the call was under way', async () => {
    fetchMock.mockImplementation(() => {
      // A new token of the same session arrives (renewed, or after a password change).
      useSessionStore.getState().replaceToken('new-token');
      return Promise.resolve(jsonResponse(401, { error: 'Invalid or expired token', message: 'Invalid or expired token' }));
    });

    const error = await api.get('/children').catch((e: unknown) => e);

    expect(isApiError(error, 401)).toBe(true);
    expect(useSessionStore.getState().token).toBe('new-token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the session on a 401 from login and only reports the message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error: 'Invalid email or password', message: 'Invalid email or password' }),
    );

    const error = await api.post('/auth/login', {}, { auth: false }).catch((e: unknown) => e);

    expect(getErrorMessage(error, 'Failed to login')).toBe('Invalid email or password');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('secret-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not end the session on other errors', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { error: 'Forbidden' }));
    await expect(api.get('/children')).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().token).toBe('secret-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends FormData as multipart without a JSON content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, {}));
    const form = new FormData();
    form.set('choreId', 'c1');
    await api.post('/submissions', form);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });
});
