import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { LOGOUT_CONFIRMATION, useLogout } from './use-logout';
import { useSessionStore } from '@/stores/session-store';
import { buildUser } from '@/testing/fixtures';
import { signIn } from '@/testing/test-utils';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  );
}

function renderLogout() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LogoutButton /> },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLogout', () => {
  it('ends the session on the server with its token, then forgets it here', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    signIn(buildUser(), 'session-token');
    const router = renderLogout();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(confirm).toHaveBeenCalledWith(LOGOUT_CONFIRMATION);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer session-token');
    expect(useSessionStore.getState().token).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logs out here even when the server cannot be reached', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    signIn(buildUser(), 'session-token');
    const router = renderLogout();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(useSessionStore.getState().token).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByText('Login screen')).toBeTruthy();
  });

  it('keeps the session when the user changes their mind', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    signIn(buildUser(), 'session-token');
    renderLogout();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('session-token');
  });
});
