import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, getErrorMessage, setUnauthorizedHandler } from './api-client';
import { upload } from './upload';
import { useSessionStore } from '@/stores/session-store';
import { stubUpload } from '@/testing/fake-upload';
import { buildUser } from '@/testing/fixtures';

describe('upload', () => {
  let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
  let restoreHandler: () => void;

  beforeEach(() => {
    onUnauthorized = vi.fn<() => void>();
    restoreHandler = setUnauthorizedHandler(onUnauthorized);
    useSessionStore.getState().setSession('secret-token', buildUser());
  });

  afterEach(() => restoreHandler());

  it('posts the form under /api with the bearer token and reports progress', async () => {
    const requests = stubUpload();
    const form = new FormData();
    form.set('choreId', 'c1');
    const progress: number[] = [];

    const result = upload<{ id: string }>('/submissions', form, { onProgress: (share) => progress.push(share) });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/submissions');
    expect(request?.headers.authorization).toBe('Bearer secret-token');
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.form.get('choreId')).toBe('c1');

    request?.progress(50, 200);
    request?.progress(200, 200);
    request?.respond(201, { id: 's1' });

    await expect(result).resolves.toEqual({ id: 's1' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('fails with the ApiError of the answer, keeping message and error', async () => {
    const requests = stubUpload();
    const result = upload('/submissions', new FormData());
    requests[0]?.respond(413, { error: 'Payload Too Large', message: 'Photo must be 10 MB or smaller' });

    const error = await result.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(getErrorMessage(error, 'Failed to submit chore')).toBe('Photo must be 10 MB or smaller');
  });

  it("sends another session's token when given one, and its 401 ends no session here", async () => {
    const requests = stubUpload();
    const result = upload('/submissions', new FormData(), { token: 'child-token' });
    expect(requests[0]?.headers.authorization).toBe('Bearer child-token');
    requests[0]?.respond(401, { error: 'Unauthorized', message: 'Token expired' });

    await expect(result).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().token).toBe('secret-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends the idempotency key as the Idempotency-Key header, and none without one', async () => {
    const requests = stubUpload();
    const keyed = upload('/submissions', new FormData(), { idempotencyKey: 'tap-0f1e2d3c' });
    const plain = upload('/submissions', new FormData());
    expect(requests[0]?.headers['idempotency-key']).toBe('tap-0f1e2d3c');
    expect(requests[1]?.headers).not.toHaveProperty('idempotency-key');

    requests[0]?.respond(201, { id: 's1' });
    requests[1]?.respond(201, { id: 's2' });
    await expect(keyed).resolves.toEqual({ id: 's1' });
    await expect(plain).resolves.toEqual({ id: 's2' });
  });

  it('ends the session on a 401', async () => {
    const requests = stubUpload();
    const result = upload('/submissions', new FormData());
    requests[0]?.respond(401, { error: 'Unauthorized', message: 'Token expired' });

    await expect(result).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().token).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('fails with the fallback text when the network fails', async () => {
    const requests = stubUpload();
    const result = upload('/submissions', new FormData());
    requests[0]?.failNetwork();

    const error = await result.catch((failure: unknown) => failure);
    expect(getErrorMessage(error, 'Failed to submit chore')).toBe('Failed to submit chore');
  });

  it('stops when its signal aborts', async () => {
    const requests = stubUpload();
    const controller = new AbortController();
    const result = upload('/submissions', new FormData(), { signal: controller.signal });
    controller.abort();

    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(1);
  });
});
