import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

import { routes } from '@/app/router';
import { useSessionStore } from '@/stores/session-store';
import type { User } from '@/types/api';

/** Every API call stays pending, so screens render without a backend. */
export function stubPendingFetch() {
  const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function signIn(user: User, token = 'test-token') {
  useSessionStore.getState().setSession(token, user);
}

/** Renders the real route tree at `path` inside a memory router. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
