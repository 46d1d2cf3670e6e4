import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';

import { setUnauthorizedHandler } from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { fieldErrorOf, preloadAllScreens, renderRoute, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const parent = buildUser({ mfaEnabled: true });
const wrongCode = {
  error: 'That code is not right',
  message: 'That code is not right',
  code: 'MFA_CODE_WRONG',
  details: [{ field: 'code', message: 'That code is not right', code: 'MFA_CODE_WRONG' }],
};
const tooLong = 'Your sign-in took too long. Enter your password again.';

/**
 * The login asks for a code (mfaToken "mfa-1"); the second step answers
 * `second` for a code, a session for "123456". After it, calls find nothing.
 */
function stubTwoFactorLogin(second: (code: string) => Response | undefined = () => undefined) {
  return stubApi(({ method, path, body }: ApiRequest) => {
    if (method === 'POST' && path === '/auth/login') return jsonResponse(200, { mfaRequired: true, mfaToken: 'mfa-1' });
    if (method === 'POST' && path === '/auth/login/mfa') {
      const { code } = body as { code: string };
      return second(code) ?? (code === '123456' ? jsonResponse(200, { token: 'new-token', user: parent }) : jsonResponse(400, wrongCode));
    }
    return undefined;
  });
}

/** What the page's status regions say (the app's own offline and update regions stay in the page, empty). */
function statusTexts(): string[] {
  return screen
    .queryAllByRole('status')
    .map((region) => region.textContent ?? '')
    .filter(Boolean);
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), parent.email);
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

/** The code field of the second step, once it shows. */
async function codeField(): Promise<HTMLInputElement> {
  await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 });
  return screen.getByLabelText<HTMLInputElement>('Code from your app');
}

async function sendCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  const field = screen.getByRole('textbox');
  await user.clear(field);
  await user.type(field, code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('Logging in with two-factor sign-in on', () => {
  it('asks for the code in the same card, starting no session until the code is right', async () => {
    const user = userEvent.setup();
    const { requests } = stubTwoFactorLogin();
    const { router } = renderRoute('/login');
    await logIn(user);

    const field = await codeField();
    expect(screen.getByRole('form', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();

    // A code is required before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fieldErrorOf(field)).toBe('Code is required');
    expect(requests.filter((request) => request.path === '/auth/login/mfa')).toHaveLength(0);

    // The server's refusal shows beside the field.
    await sendCode(user, '999999');
    await waitFor(() => expect(fieldErrorOf(screen.getByLabelText('Code from your app'))).toBe('That code is not right'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    // The right code starts the session, as a login does, and goes home.
    await sendCode(user, '123 456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.filter((request) => request.path === '/auth/login/mfa').map((request) => request.body)).toEqual([
      { mfaToken: 'mfa-1', code: '999999' },
      { mfaToken: 'mfa-1', code: '123456' },
    ]);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(useSessionStore.getState().user).toEqual(parent);
  });

  it('takes a recovery code, typed as letters', async () => {
    const user = userEvent.setup();
    const { requests } = stubTwoFactorLogin((code) =>
      code === 'abcde-12345' ? jsonResponse(200, { token: 'recovered', user: parent }) : undefined,
    );
    const { router } = renderRoute('/login');
    await logIn(user);
    await codeField();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText<HTMLInputElement>('Recovery code');
    expect(field.getAttribute('inputmode')).toBe('text');
    expect(document.activeElement).toBe(field);
    expect(screen.getByText(/such as ABCDE-12345/)).toBeTruthy();
    await sendCode(user, 'abcde-12345');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // (The home screen may have asked for its data since: the second step is looked for by its path.)
    expect(requests.filter((r) => r.path === '/auth/login/mfa').at(-1)?.body).toEqual({ mfaToken: 'mfa-1', code: 'abcde-12345' });
    expect(localStorage.getItem('token')).toBe('recovered');
  });

  it('returns to the page a session ended on once the code is right', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    stubApi(({ method, path, body }: ApiRequest) => {
      if (method === 'POST' && path === '/auth/login') return jsonResponse(200, { mfaRequired: true, mfaToken: 'mfa-1' });
      if (method === 'POST' && path === '/auth/login/mfa' && (body as { code: string }).code === '123456') {
        signedIn = true;
        return jsonResponse(200, { token: 'new-token', user: parent });
      }
      if (!signedIn) return jsonResponse(401, { error: 'Invalid or expired token', message: 'Invalid or expired token' });
      return undefined;
    });
    signIn(parent);
    const { router } = renderRoute('/approval?child=child-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await logIn(user);
    await codeField();
    await sendCode(user, '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/approval'));
    expect(router.state.location.search).toBe('?child=child-2');
  });

  it('goes back to the password, the email kept, when the step took too long; no session ends', async () => {
    const user = userEvent.setup();
    const { requests } = stubTwoFactorLogin(() => jsonResponse(401, { error: tooLong, message: tooLong }));
    const { router } = renderRoute('/login');
    await logIn(user);
    await codeField();
    // What a session's end runs (set after the app set its own).
    const sessionEnded = vi.fn();
    onTestFinished(setUnauthorizedHandler(sessionEnded));
    await sendCode(user, '123456');

    expect(await screen.findByRole('heading', { name: 'Welcome to Chorely', level: 1 })).toBeTruthy();
    expect(statusTexts()).toEqual([tooLong]);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(parent.email);
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    // Not a session's end: no handler ran, nothing was recorded, the page stays.
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(useSessionEndStore.getState().ended).toBeNull();
    expect(screen.queryByText('Your session has ended.')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    // The password again asks for a new code.
    await user.type(password, 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await codeField();
    expect(requests.filter((request) => request.path === '/auth/login').map((request) => request.body)).toEqual([
      { email: parent.email, password: 'secret123' },
      { email: parent.email, password: 'secret123' },
    ]);
    expect(statusTexts()).toEqual([]);
  });

  it('goes back to the password with Back, the email kept', async () => {
    const user = userEvent.setup();
    stubTwoFactorLogin();
    renderRoute('/login');
    await logIn(user);
    await codeField();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Chorely', level: 1 })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(parent.email);
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(statusTexts()).toEqual([]);
  });

  it('shows a lock on too many wrong codes as the alert', async () => {
    const user = userEvent.setup();
    const locked = 'Too many failed logins. Try again in 15 minutes.';
    stubTwoFactorLogin(() => jsonResponse(429, { error: locked, message: locked }));
    renderRoute('/login');
    await logIn(user);
    await codeField();
    await sendCode(user, '123456');
    expect((await screen.findByRole('alert')).textContent).toBe(locked);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('speaks Spanish, the server’s refusal included', async () => {
    const user = userEvent.setup();
    await setLanguage('es');
    stubTwoFactorLogin();
    renderRoute('/login');
    await user.type(screen.getByLabelText('Correo electrónico'), parent.email);
    await user.type(screen.getByLabelText('Contraseña'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Inicio de sesión en dos pasos', level: 1 })).toBeTruthy();
    const field = screen.getByLabelText('Código de tu aplicación');
    await user.type(field, '999999');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(fieldErrorOf(field)).toBe('Ese código no es correcto'));
    expect(screen.getByRole('button', { name: 'Usar un código de recuperación' })).toBeTruthy();
  });
});
