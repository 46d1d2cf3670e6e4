import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { STORAGE_KEYS } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { fieldErrorOf, preloadAllScreens, renderRoute, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const jane = buildUser();

/** Opens Profile as `user`, answering their password change and logging out everywhere with `answer`. */
async function openSecurity(answer: (request: ApiRequest) => Response | undefined, user = jane) {
  const events = userEvent.setup();
  signIn(user, 'old-token');
  const api = stubApi((request) => {
    if (request.method === 'GET' && request.path === '/users/me') return jsonResponse(200, user);
    return answer(request);
  });
  const view = renderRoute('/profile');
  const form = within(await screen.findByRole('form', { name: 'Change password' }));
  const fill = async (current: string, next: string, confirmation = next) => {
    if (current) await events.type(form.getByLabelText('Current Password'), current);
    if (next) await events.type(form.getByLabelText('New Password'), next);
    if (confirmation) await events.type(form.getByLabelText('Confirm New Password'), confirmation);
    await events.click(form.getByRole('button', { name: 'Change Password' }));
  };
  return { events, form, fill, ...view, ...api };
}

const passwordCalls = (requests: ApiRequest[]) =>
  requests.filter((request) => request.method === 'PUT' && request.path === '/users/me/password');

/** The Authorization header of each password change, in order. */
const passwordAuthorizations = (calls: ReadonlyArray<readonly [RequestInfo | URL, RequestInit?]>) =>
  calls
    .filter(([url]) => url === '/api/users/me/password')
    .map(([, init]) => new Headers(init?.headers).get('Authorization'));

describe('Change password', () => {
  it('keeps the token and user the answer gives at once, and says the password changed', async () => {
    const renamed = { ...jane, firstName: 'Janet' };
    const { form, fill, requests, router } = await openSecurity(({ method, path }) =>
      method === 'PUT' && path === '/users/me/password' ? jsonResponse(200, { token: 'new-token', user: renamed }) : undefined,
    );

    await fill('old-secret', 'new-secret');

    expect(await form.findByText('Password changed. Your other sessions have ended.')).toBeTruthy();
    expect(passwordCalls(requests).map((request) => request.body)).toEqual([
      { currentPassword: 'old-secret', newPassword: 'new-secret' },
    ]);
    expect(useSessionStore.getState()).toMatchObject({ token: 'new-token', user: renamed });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(renamed);
    // Still signed in, on the same screen, with the fields emptied.
    expect(router.state.location.pathname).toBe('/profile');
    expect(form.getByLabelText<HTMLInputElement>('Current Password').value).toBe('');
    expect(form.getByLabelText<HTMLInputElement>('New Password').value).toBe('');
  });

  it('calls with the new token from then on', async () => {
    const { fill, fetchMock, form } = await openSecurity(({ method, path }) =>
      method === 'PUT' && path === '/users/me/password' ? jsonResponse(200, { token: 'new-token', user: jane }) : undefined,
    );
    await fill('old-secret', 'new-secret');
    await form.findByText('Password changed. Your other sessions have ended.');
    await fill('new-secret', 'newer-secret');
    await waitFor(() => expect(passwordAuthorizations(fetchMock.mock.calls)).toHaveLength(2));

    expect(passwordAuthorizations(fetchMock.mock.calls)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it("shows the server's 'Current password is incorrect' beside the current password, and nothing else", async () => {
    const incorrect = 'Current password is incorrect';
    const { form, fill } = await openSecurity(({ method, path }) =>
      method === 'PUT' && path === '/users/me/password'
        ? jsonResponse(400, {
            error: incorrect,
            message: incorrect,
            code: 'CURRENT_PASSWORD_WRONG',
            details: [{ field: 'currentPassword', message: incorrect, code: 'CURRENT_PASSWORD_WRONG' }],
          })
        : undefined,
    );

    await fill('wrong-secret', 'new-secret');

    const current = form.getByLabelText('Current Password');
    await waitFor(() => expect(fieldErrorOf(current)).toBe(incorrect));
    expect(form.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([incorrect]);
    expect(fieldErrorOf(form.getByLabelText('New Password'))).toBeNull();
    expect(form.queryByText('Password changed. Your other sessions have ended.')).toBeNull();
    expect(useSessionStore.getState().token).toBe('old-token');
  });

  it("shows the server's problem with the new password beside it, in the interface language", async () => {
    const tooLong = 'Password must be at most 128 characters';
    const { form, events } = await openSecurity(({ method, path }) =>
      method === 'PUT' && path === '/users/me/password'
        ? jsonResponse(400, {
            error: tooLong,
            message: tooLong,
            code: 'TOO_LONG',
            params: { label: 'password', max: 128 },
            details: [{ field: 'newPassword', message: tooLong, code: 'TOO_LONG', params: { label: 'password', max: 128 } }],
          })
        : undefined,
    );
    await events.selectOptions(screen.getByRole('combobox', { name: 'App language' }), 'de');
    await screen.findByRole('heading', { level: 1, name: 'Profil' });

    await events.type(form.getByLabelText('Aktuelles Passwort'), 'old-secret');
    await events.type(form.getByLabelText('Neues Passwort'), 'new-secret');
    await events.type(form.getByLabelText('Neues Passwort bestätigen'), 'new-secret');
    await events.click(form.getByRole('button', { name: 'Passwort ändern' }));

    await waitFor(() =>
      expect(fieldErrorOf(form.getByLabelText('Neues Passwort'))).toBe('Passwort: höchstens 128 Zeichen'),
    );
  });

  it("checks before sending: 'Passwords do not match', and the current password", async () => {
    const { form, fill, events, requests } = await openSecurity(() => undefined);

    await fill('old-secret', 'new-secret', 'new-secrte');
    expect(fieldErrorOf(form.getByLabelText('Confirm New Password'))).toBe('Passwords do not match');
    expect(fieldErrorOf(form.getByLabelText('New Password'))).toBeNull();

    await events.clear(form.getByLabelText('Current Password'));
    await events.click(form.getByRole('button', { name: 'Change Password' }));
    expect(fieldErrorOf(form.getByLabelText('Current Password'))).toBe('Current password is required');
    expect(passwordCalls(requests)).toEqual([]);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const { form, fill, requests } = await openSecurity(() => undefined);
    await fill('old-secret', '12345');
    expect(fieldErrorOf(form.getByLabelText('New Password'))).toBe('Password must be at least 6 characters');
    expect(passwordCalls(requests)).toEqual([]);
  });

  it("shows a refusal that names no field as the form's alert", async () => {
    const tooMany = 'Too many failed logins. Try again in 15 minutes.';
    const { form, fill } = await openSecurity(({ method, path }) =>
      method === 'PUT' && path === '/users/me/password' ? jsonResponse(429, { error: tooMany, message: tooMany }) : undefined,
    );
    await fill('wrong-secret', 'new-secret');
    expect((await form.findByRole('alert')).textContent).toBe(tooMany);
    expect(useSessionStore.getState().token).toBe('old-token');
  });

  it("shows the family tablet's refusal, by its code, in the interface language", async () => {
    const notOnTablet = 'This can be done on your own device, not on the family tablet';
    const { form, events } = await openSecurity(({ method, path }) =>
      method === 'PUT' && path === '/users/me/password'
        ? jsonResponse(403, { error: notOnTablet, message: notOnTablet, code: 'NOT_ON_TABLET' })
        : undefined,
    );
    await events.selectOptions(screen.getByRole('combobox', { name: 'App language' }), 'es');
    await screen.findByRole('heading', { level: 1, name: 'Perfil' });

    await events.type(form.getByLabelText('Contraseña actual'), 'old-secret');
    await events.type(form.getByLabelText('Contraseña nueva'), 'new-secret');
    await events.type(form.getByLabelText('Confirmar contraseña nueva'), 'new-secret');
    await events.click(form.getByRole('button', { name: 'Cambiar contraseña' }));

    expect((await form.findByRole('alert')).textContent).toBe('Esto se hace en tu propio dispositivo, no en la tableta familiar');
    expect(useSessionStore.getState().token).toBe('old-token');
  });

  it('is there for a child too', async () => {
    const sam = childUser('MONEY');
    const { fill, requests, form } = await openSecurity(
      ({ method, path }) => (method === 'PUT' && path === '/users/me/password' ? jsonResponse(200, { token: 'kid-token', user: sam }) : undefined),
      sam,
    );
    await fill('kid-secret', 'new-kid-secret');
    await form.findByText('Password changed. Your other sessions have ended.');
    expect(passwordCalls(requests)).toHaveLength(1);
    expect(useSessionStore.getState().token).toBe('kid-token');
  });
});

describe('Log out everywhere', () => {
  const incorrect = 'Current password is incorrect';

  /** 204 for the password jane-secret, 400 naming the field for any other. */
  const everywhere = ({ method, path, body }: ApiRequest) => {
    if (method !== 'POST' || path !== '/auth/logout-everywhere') return undefined;
    return (body as { currentPassword?: string }).currentPassword === 'jane-secret'
      ? new Response(null, { status: 204 })
      : jsonResponse(400, {
            error: incorrect,
            message: incorrect,
            code: 'CURRENT_PASSWORD_WRONG',
            details: [{ field: 'currentPassword', message: incorrect, code: 'CURRENT_PASSWORD_WRONG' }],
          });
  };

  const everywhereCalls = (requests: ApiRequest[]) => requests.filter((request) => request.path === '/auth/logout-everywhere');

  /** Opens the confirmation; `send` types the password (if any) and logs out everywhere. */
  async function openConfirmation(answer: (request: ApiRequest) => Response | undefined) {
    const view = await openSecurity(answer);
    expect(screen.getByText('Ends your sessions on every device, this one included.')).toBeTruthy();
    await view.events.click(screen.getByRole('button', { name: 'Log Out Everywhere' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Log out everywhere' }));
    const send = async (password: string) => {
      if (password) await view.events.type(dialog.getByLabelText('Current Password'), password);
      await view.events.click(dialog.getByRole('button', { name: 'Log Out Everywhere' }));
    };
    return { ...view, dialog, send };
  }

  it('asks for the password in a dialog, ends every session and shows the login screen', async () => {
    const { dialog, send, requests, router, fetchMock } = await openConfirmation(everywhere);
    expect(dialog.getByText('Log out on every device, this one included?')).toBeTruthy();
    const field = dialog.getByLabelText('Current Password');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('autocomplete')).toBe('current-password');

    await send('jane-secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(everywhereCalls(requests).map((request) => [request.method, request.body])).toEqual([
      ['POST', { currentPassword: 'jane-secret' }],
    ]);
    const call = requests.findIndex((request) => request.path === '/auth/logout-everywhere');
    const [, init] = fetchMock.mock.calls[call] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer old-token');
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // Left on purpose: the login screen tells of no ended session.
    expect(screen.queryByText('Your session has ended.')).toBeNull();
  });

  it('shows a wrong password beside the field, and stays signed in with the dialog open', async () => {
    const { dialog, send, router } = await openConfirmation(everywhere);
    await send('wrong-secret');

    await waitFor(() => expect(fieldErrorOf(dialog.getByLabelText('Current Password'))).toBe(incorrect));
    expect(dialog.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([incorrect]);
    expect(useSessionStore.getState().token).toBe('old-token');
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('dialog', { name: 'Log out everywhere' })).toBeTruthy();
  });

  it('asks for the password before sending', async () => {
    const { dialog, send, requests } = await openConfirmation(everywhere);
    await send('');
    expect(fieldErrorOf(dialog.getByLabelText('Current Password'))).toBe('Current password is required');
    expect(everywhereCalls(requests)).toEqual([]);
  });

  it('does nothing when the user changes their mind', async () => {
    const { dialog, events, requests, router } = await openConfirmation(everywhere);
    await events.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(everywhereCalls(requests)).toEqual([]);
    expect(useSessionStore.getState().token).toBe('old-token');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('stays signed in and says so when the server did not log out everywhere, or refuses more tries', async () => {
    const tooMany = 'Too many failed logins. Try again in 15 minutes.';
    let answer = new Response('', { status: 502 });
    const { dialog, send, events, router } = await openConfirmation(({ path }) =>
      path === '/auth/logout-everywhere' ? answer : undefined,
    );
    await send('jane-secret');
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to log out everywhere');

    answer = jsonResponse(429, { error: tooMany, message: tooMany });
    await events.click(dialog.getByRole('button', { name: 'Log Out Everywhere' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe(tooMany));
    expect(useSessionStore.getState().token).toBe('old-token');
    expect(router.state.location.pathname).toBe('/profile');
  });
});
