import { render, type RenderOptions } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { routes, type ScreenHandle } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';
import { jsonResponse } from './fixtures';
import type { User } from '@/types/api';

/** Every API call stays pending, so screens render without a backend. */
export function stubPendingFetch() {
  const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export interface ApiRequest {
  method: string;
  /** The path after /api, with its query string. */
  path: string;
  /** The parsed JSON body, if any. */
  body: unknown;
}

/** The API request a fetch call makes. */
function apiRequest(input: RequestInfo | URL, init?: RequestInit): ApiRequest {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  return { method: init?.method ?? 'GET', path: url.replace(/^\/api/, ''), body };
}

function notFound() {
  return jsonResponse(404, { error: 'Not found', message: 'Not found' });
}

/**
 * Answers API calls with `handler`; calls it leaves unanswered (undefined)
 * get a 404. Returns the fetch mock and the list of requests made.
 */
export function stubApi(handler: (request: ApiRequest) => Response | undefined) {
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request = apiRequest(input, init);
    requests.push(request);
    return Promise.resolve(handler(request) ?? notFound());
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** Requests held back by {@link holdApi}, answered when the test says. */
export interface HeldRequests {
  /** How many held requests have been made so far. */
  count(): number;
  /** Answers the held request at `index`, which must have been made. */
  answer(index: number, response: Response): void;
  /** Answers every held request made so far, each with a response of its own. */
  answerAll(response: () => Response): void;
}

/**
 * Holds back the API calls `held` picks until the test answers them (to put
 * answers in the order a race would); the others are answered by `handler`,
 * or get a 404.
 */
export function holdApi(
  held: (request: ApiRequest) => boolean,
  handler: (request: ApiRequest) => Response | undefined = () => undefined,
): HeldRequests {
  const answers: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const request = apiRequest(input, init);
      if (held(request)) return new Promise<Response>((resolve) => answers.push(resolve));
      return Promise.resolve(handler(request) ?? notFound());
    }),
  );
  return {
    count: () => answers.length,
    answer(index, response) {
      const answer = answers[index];
      if (!answer) throw new Error(`held request ${index} was never made`);
      answer(response);
    },
    answerAll(response) {
      for (const answer of answers) answer(response());
    },
  };
}

export function signIn(user: User, token = 'test-token') {
  useSessionStore.getState().setSession(token, user);
}

/**
 * The app's providers, with a cache of its own for each test, so that no test
 * sees another's data.
 */
function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppProvider queryClient={createQueryClient()} liveUpdates={false}>
      {children}
    </AppProvider>
  );
}

/**
 * The app's providers around a screen rendered by itself: the cache is given
 * to it at once, as the route tree gives it to each lazily loaded screen.
 */
function ScreenProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <AppProvider queryClient={client} liveUpdates={false}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </AppProvider>
  );
}

/** Renders a screen inside the app's providers (with a cache of its own). */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { ...options, wrapper: ScreenProviders });
}

/**
 * Downloads every lazily loaded screen of the route tree (its code, texts
 * and the server data cache's), as a file's `beforeAll`, so that rendering
 * the route tree later waits for none of them however loaded the machine is.
 */
export async function preloadAllScreens(): Promise<void> {
  const preloads: Promise<void>[] = [];
  const visit = (route: RouteObject) => {
    const handle = route.handle as ScreenHandle | undefined;
    if (handle) preloads.push(handle.preload());
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  await Promise.all(preloads);
}

/** Renders the real route tree at `path` inside a memory router. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />, { wrapper: AppProviders });
  return { router, ...view };
}

/**
 * The message shown for a form control as assistive technology finds it: the
 * text of what its aria-describedby names, when it is marked invalid; null
 * otherwise.
 */
export function fieldErrorOf(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
  return text || null;
}
