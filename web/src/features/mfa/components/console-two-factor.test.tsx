import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { buildPlatformStats, buildOrganization, pageOf, splitPath, superAdmin } from '@/testing/admin';
import { decodeQrImage } from '@/testing/decode-qr';
import { jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi, stubPendingFetch, type ApiRequest } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const otpauthUrl = 'otpauth://totp/Chorely:root%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Chorely';
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `QWERT-${String(20000 + index)}`);
const setupRequired = {
  error: 'Set up two-factor sign-in before using the console',
  message: 'Set up two-factor sign-in before using the console',
  code: 'MFA_SETUP_REQUIRED',
};

/** A super admin who must set up two-factor sign-in first. */
const unsecured = { ...superAdmin, mfaSetupRequired: true };
const secured = { ...superAdmin, mfaEnabled: true };

/**
 * The console's calls answer 403 MFA_SETUP_REQUIRED until a setup (started
 * with the password root-secret) is confirmed with 123456 (which gives the token "secured-token"); then, for
 * that token only, the platform's data. GET /users/me says whether a setup is required.
 */
function consoleApi() {
  let token: string | null = null;
  return stubApi(({ method, path, body }: ApiRequest) => {
    const { pathname } = splitPath({ method, path, body });
    if (method === 'POST' && pathname === '/users/me/mfa' && (body as { currentPassword: string }).currentPassword === 'root-secret') {
      return jsonResponse(200, { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl });
    }
    if (pathname === '/users/me') return jsonResponse(200, token ? secured : unsecured);
    if (method === 'POST' && pathname === '/users/me/mfa/confirm' && (body as { code: string }).code === '123456') {
      token = 'secured-token';
      return jsonResponse(200, { recoveryCodes, token, user: secured });
    }
    if (pathname.startsWith('/admin/')) {
      if (useSessionStore.getState().token !== token) return jsonResponse(403, setupRequired);
      if (pathname === '/admin/stats') return jsonResponse(200, buildPlatformStats());
      if (pathname === '/admin/organizations') return jsonResponse(200, pageOf([buildOrganization()]));
    }
    return undefined;
  });
}

describe('The console for a super admin without two-factor sign-in', () => {
  it('sends them to its setup, and to the console once they have saved the recovery codes', async () => {
    const user = userEvent.setup();
    const { requests } = consoleApi();
    signIn(unsecured, 'unsecured-token');
    const { router } = renderRoute('/admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/two-factor'));
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in', level: 1 })).toBeTruthy();
    expect(screen.getByText(/The console opens once two-factor sign-in is on/)).toBeTruthy();
    // In the console's frame, without asking the console for anything.
    expect(screen.getByText('root@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith('/admin'))).toBe(false);

    // The password first, in the page's card.
    await user.type(screen.getByLabelText('Current Password'), 'root-secret');
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    const qr = await screen.findByRole<HTMLImageElement>('img', { name: 'QR code to add Chorely to an authenticator app' });
    expect(decodeQrImage(qr)).toBe(otpauthUrl);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '1. Scan this code' }));
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(useSessionStore.getState().token).toBe('secured-token');
    expect(useSessionStore.getState().user?.mfaSetupRequired).toBe(false);
    // The codes stay until the admin says they have saved them.
    expect(router.state.location.pathname).toBe('/admin/two-factor');

    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Platform Administration', level: 1 })).toBeTruthy();
  });

  it('sends them to the setup when the console refuses them, their stored user saying otherwise', async () => {
    consoleApi();
    signIn(superAdmin, 'unsecured-token');
    const { router } = renderRoute('/admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/two-factor'));
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in', level: 1 })).toBeTruthy();
    expect(useSessionStore.getState().user?.mfaSetupRequired).toBe(true);
  });

  it('lets a super admin who has it on into the console, and shows them it is on', async () => {
    const user = userEvent.setup();
    stubApi((request) => {
      const { pathname } = splitPath(request);
      if (pathname === '/users/me') return jsonResponse(200, secured);
      if (pathname === '/admin/stats') return jsonResponse(200, buildPlatformStats());
      if (pathname === '/admin/organizations') return jsonResponse(200, pageOf([buildOrganization()]));
      return undefined;
    });
    signIn(secured);
    const { router } = renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Platform Administration', level: 1 })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Platform Settings' }));
    const card = screen.getByRole('heading', { name: 'Two-factor sign-in' }).closest('section')!;
    expect(within(card).getByText('On')).toBeTruthy();
    await user.click(within(card).getByRole('link', { name: 'View two-factor sign-in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/two-factor'));
    expect(await screen.findByText('Two-factor sign-in is on')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Turn off|Set up/ })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to the console' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('is for super admins only', async () => {
    stubPendingFetch();
    signIn({ ...superAdmin, role: 'ORG_ADMIN', mfaSetupRequired: false });
    const { router } = renderRoute('/admin/two-factor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
