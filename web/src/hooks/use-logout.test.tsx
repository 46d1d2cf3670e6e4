import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { LOGOUT_CONFIRMATION, useLogout } from './use-logout';
import { STORAGE_KEYS } from '@/lib/storage';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, childUser } from '@/testing/fixtures';
import { signIn } from '@/testing/test-utils';

function LogoutButton() {
  const [logout, logoutDialog] = useLogout();
  return (
    <>
      <button type="button" onClick={logout}>
        Logout
      </button>
      {logoutDialog}
    </>
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

/** The in-app question Logout asks, with the spec's words. */
function logoutQuestion(): HTMLElement {
  const dialog = screen.getByRole('dialog', { name: 'Logout' });
  expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(LOGOUT_CONFIRMATION);
  return dialog;
}

describe('useLogout', () => {
  it('asks in the app first, then ends the session on the server with its token and forgets it here', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    signIn(buildUser(), 'session-token');
    const router = renderLogout();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const question = logoutQuestion();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('session-token');

    await user.click(within(question).getByRole('button', { name: 'Logout' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer session-token');
    expect(useSessionStore.getState().token).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logs out here even when the server cannot be reached', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    signIn(buildUser(), 'session-token');
    const router = renderLogout();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(logoutQuestion()).getByRole('button', { name: 'Logout' }));

    expect(useSessionStore.getState().token).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByText('Login screen')).toBeTruthy();
  });

  it.each([
    ['Cancel', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('keeps the session when the user changes their mind (%s)', async (_, changeMind) => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    signIn(buildUser(), 'session-token');
    const router = renderLogout();
    const logout = screen.getByRole('button', { name: 'Logout' });

    await user.click(logout);
    logoutQuestion();
    await changeMind(user);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(logout);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('session-token');
    expect(router.state.location.pathname).toBe('/');
  });

  describe("on a child's own device (signed in through a sign-in code)", () => {
    /** The question the in-app Logout dialog asks. */
    const question = () => {
      const dialog = screen.getByRole('dialog', { name: 'Logout' });
      return { dialog, text: document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent };
    };

    it('asks whether to sign out of the device, then forgets the device token too', async () => {
      const user = userEvent.setup();
      vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))));
      useDeviceLinkStore.getState().remember('device-1');
      signIn({ ...childUser('MONEY'), profile: { uiTheme: 'TEEN', rewardDisplayType: 'MONEY' } }, 'session-token');
      const router = renderLogout();

      await user.click(screen.getByRole('button', { name: 'Logout' }));
      const { dialog, text } = question();
      expect(text).toBe('Sign out of this device? A parent will need to show a new sign-in code.');
      await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

      expect(useSessionStore.getState().token).toBeNull();
      expect(useDeviceLinkStore.getState().deviceToken).toBeNull();
      expect(window.localStorage.getItem(STORAGE_KEYS.deviceToken)).toBeNull();
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });

    it("asks a KIDS child in a child's words, and keeps the device on Cancel", async () => {
      const user = userEvent.setup();
      vi.stubGlobal('fetch', vi.fn());
      useDeviceLinkStore.getState().remember('device-1');
      signIn(childUser('MONEY'), 'session-token');
      renderLogout();

      await user.click(screen.getByRole('button', { name: 'Logout' }));
      expect(question().text).toBe(
        'Sign out of this phone or tablet? Mum or Dad will need to show you a new code to get back in.',
      );
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(useDeviceLinkStore.getState().deviceToken).toBe('device-1');
      expect(useSessionStore.getState().token).toBe('session-token');
    });
  });
});
