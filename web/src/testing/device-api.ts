import { vi } from 'vitest';

import type { ApiRequest } from './test-utils';

/** An API request as {@link stubSomeApi} saw it, with the session token it carried. */
export interface SeenRequest extends ApiRequest {
  authorization: string | null;
}

/**
 * Answers the API calls `answer` knows and leaves every other one pending
 * (the screens behind a sign-in then render without a backend); returns the
 * requests made, in order.
 */
export function stubSomeApi(answer: (request: ApiRequest) => Response | undefined): SeenRequest[] {
  const requests: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const request = { method: init?.method ?? 'GET', path: url.replace(/^\/api/, ''), body };
      requests.push({ ...request, authorization: new Headers(init?.headers).get('Authorization') });
      const response = answer(request);
      return response ? Promise.resolve(response) : new Promise<Response>(() => undefined);
    }),
  );
  return requests;
}
