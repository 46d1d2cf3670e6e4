import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, stubApi, type ApiRequest } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const parent = buildUser({ mfaEnabled: true });

/** The reset answers `reset`; the second step a session for "123456". */
function stubReset(reset: () => Response) {
  return stubApi(({ method, path, body }: ApiRequest) => {
    if (method === 'POST' && path === '/auth/reset-password') return reset();
    if (method === 'POST' && path === '/auth/login/mfa') {
      const { mfaToken, code } = body as { mfaToken: string; code: string };
      return mfaToken === 'mfa-reset' && code === '123456'
        ? jsonResponse(200, { token: 'new-token', user: parent })
        : jsonResponse(400, { error: 'That code is not right', message: 'That code is not right' });
    }
    return undefined;
  });
}

async function chooseNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('New Password'), 'brand-new-secret');
  await user.type(screen.getByLabelText('Confirm Password'), 'brand-new-secret');
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('Choosing a new password from a reset link', () => {
  it('asks for the code when two-factor sign-in is on, and signs in only after it', async () => {
    const user = userEvent.setup();
    stubReset(() => jsonResponse(200, { mfaRequired: true, mfaToken: 'mfa-reset' }));
    const { router } = renderRoute('/reset-password/link-token');
    await chooseNewPassword(user);

    await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 });
    expect(screen.getByText(/Your new password is saved/)).toBeTruthy();
    expect(useSessionStore.getState().token).toBeNull();

    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('new-token'));
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/reset-password/));
  });

  it('signs in at once without two-factor sign-in', async () => {
    const user = userEvent.setup();
    stubReset(() => jsonResponse(200, { token: 'reset-token', user: buildUser() }));
    renderRoute('/reset-password/link-token');
    await chooseNewPassword(user);
    await waitFor(() => expect(useSessionStore.getState().token).toBe('reset-token'));
    expect(screen.queryByLabelText('Code from your app')).toBeNull();
  });

  it('goes to the login page when the code step is left', async () => {
    const user = userEvent.setup();
    stubReset(() => jsonResponse(200, { mfaRequired: true, mfaToken: 'mfa-reset' }));
    const { router } = renderRoute('/reset-password/link-token');
    await chooseNewPassword(user);
    await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
