import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { setLanguage } from '@/lib/i18n';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';
import type { User } from '@/types/api';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const parent = buildUser();
const suspended = 'This family account has been suspended';

/**
 * Every signed-in call is refused with `refusal` (a 401 body) until the login
 * call, which signs `whoLogsIn` in; after it, calls find nothing.
 */
function stubEndedSession(refusal: object, whoLogsIn: User = parent) {
  let signedIn = false;
  return stubApi(({ method, path }: ApiRequest) => {
    if (method === 'POST' && path === '/auth/login') {
      signedIn = true;
      return jsonResponse(200, { token: 'new-token', user: whoLogsIn });
    }
    if (!signedIn) return jsonResponse(401, refusal);
    if (path === '/users/me') return jsonResponse(200, whoLogsIn);
    return undefined;
  });
}

/**
 * What the page's status regions say (the app's own offline and update
 * regions stay in the page, empty, so only those saying something count).
 */
function statusTexts(): string[] {
  return screen
    .queryAllByRole('status')
    .map((region) => region.textContent ?? '')
    .filter(Boolean);
}

async function logIn(user: ReturnType<typeof userEvent.setup>, email = parent.email) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('After a session ends', () => {
  it('the login screen says so, and logging in returns to the page that was open', async () => {
    const user = userEvent.setup();
    stubEndedSession({ error: 'Invalid or expired token', message: 'Invalid or expired token', code: 'UNAUTHENTICATED' });
    signIn(parent);
    const { router } = renderRoute('/approval?child=child-2#card');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(statusTexts()).toEqual(['Your session has ended.Please log in again.']));
    expect(localStorage.getItem('token')).toBeNull();

    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/approval'));
    expect(router.state.location.search).toBe('?child=child-2');
    expect(router.state.location.hash).toBe('#card');
  });

  it("gives the server's reason for a suspended family", async () => {
    stubEndedSession({ error: suspended, message: suspended, code: 'FAMILY_SUSPENDED' });
    signIn(parent);
    const { router } = renderRoute('/children');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(statusTexts()).toEqual([`Your session has ended.${suspended}`]));
  });

  it('takes someone else who logs in to their own home, not the page left behind', async () => {
    const user = userEvent.setup();
    const other = buildUser({ id: 'user-2', email: 'other@example.com' });
    stubEndedSession({ error: 'Invalid or expired token', message: 'Invalid or expired token' }, other);
    signIn(parent);
    const { router } = renderRoute('/chores');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByText('Your session has ended.');

    await logIn(user, other.email);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says nothing after logging out on purpose', async () => {
    stubApi(() => undefined);
    const { router } = renderRoute('/login');
    await screen.findByRole('heading', { name: 'Welcome to Chorely' });
    expect(statusTexts()).toEqual([]);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('A signed-out visitor of a page', () => {
  it('comes back to it after logging in', async () => {
    const user = userEvent.setup();
    stubEndedSession({});
    const { router } = renderRoute('/children?tab=grades');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(statusTexts()).toEqual([]);

    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/children'));
    expect(router.state.location.search).toBe('?tab=grades');
  });
});

describe('In Spanish', () => {
  it("shows the server's known refusal translated, and why a session ended", async () => {
    const user = userEvent.setup();
    await setLanguage('es');
    stubApi(({ method, path }) =>
      method === 'POST' && path === '/auth/login'
        ? jsonResponse(401, {
            error: 'Invalid email or password',
            message: 'Invalid email or password',
            code: 'INVALID_LOGIN',
          })
        : undefined,
    );
    renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida a Chorely' })).toBeTruthy();
    expect(document.title).toBe('Chorely - Iniciar sesión');
    expect(screen.getByRole('link', { name: 'Crea una' }).getAttribute('href')).toBe('/register');

    await user.type(screen.getByLabelText('Correo electrónico'), parent.email);
    await user.type(screen.getByLabelText('Contraseña'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Correo electrónico o contraseña incorrectos');
  });

  it('tells a suspended family why, by the code of the 401', async () => {
    await setLanguage('de');
    stubEndedSession({ error: suspended, message: suspended, code: 'FAMILY_SUSPENDED' });
    signIn(parent);
    const { router } = renderRoute('/chores');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const notice = (await screen.findByText('Deine Sitzung ist beendet.')).closest('[role="status"]');
    expect(notice?.textContent).toBe('Deine Sitzung ist beendet.Dieses Familienkonto wurde gesperrt');
  });
});
