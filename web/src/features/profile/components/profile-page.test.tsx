import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { useTabletStore } from '@/stores/tablet-store';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { fieldErrorOf, preloadAllScreens, renderRoute, signIn, stubApi } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const jane = buildUser({ phone: '' });

async function openProfile(answer: (body: unknown) => Response) {
  const user = userEvent.setup();
  signIn(jane);
  const api = stubApi(({ method, path, body }) => {
    if (path !== '/users/me') return undefined;
    return method === 'PUT' ? answer(body) : jsonResponse(200, jane);
  });
  renderRoute('/profile');
  const form = await screen.findByRole('form', { name: 'Personal information' });
  return { user, form: within(form), ...api };
}

describe('Profile', () => {
  it('saves the personal fields and keeps what the server answered', async () => {
    const { user, form, requests } = await openProfile((body) => jsonResponse(200, { ...jane, ...(body as object) }));
    await user.type(form.getByLabelText('Phone'), ' +1 555 0100 ');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await form.findByText('Profile updated successfully')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      phone: '+1 555 0100',
    });
    expect(useSessionStore.getState().user?.phone).toBe('+1 555 0100');
  });

  it('keeps the old email and says where the link went when the server holds a new one', async () => {
    const { user, form } = await openProfile((body) =>
      jsonResponse(200, { ...jane, ...(body as object), email: jane.email, pendingEmail: 'new@example.com' }),
    );
    const email = form.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await form.findByText(/We sent a link to new@example\.com\./)).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Email').value).toBe('jane@example.com');
    expect(useSessionStore.getState().user?.pendingEmail).toBe('new@example.com');
  });

  it("shows the server's problem with the phone beside the phone, and nothing else", async () => {
    const { user, form } = await openProfile(() =>
      jsonResponse(400, {
        error: 'Please enter a valid phone number',
        message: 'Please enter a valid phone number',
        details: [{ field: 'phone', message: 'Please enter a valid phone number' }],
      }),
    );
    await user.type(form.getByLabelText('Phone'), 'call me');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    const phone = form.getByLabelText('Phone');
    await waitFor(() => expect(fieldErrorOf(phone)).toBe('Please enter a valid phone number'));
    expect(form.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please enter a valid phone number']);
    expect(fieldErrorOf(form.getByLabelText('Email'))).toBeNull();
    expect(form.queryByText('Profile updated successfully')).toBeNull();
  });

  it("shows a refusal that names no field as the form's alert, else 'Failed to update profile'", async () => {
    let answer = jsonResponse(409, { error: 'Conflict', message: 'This email is already registered' });
    const { user, form } = await openProfile(() => answer);
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    expect((await form.findByRole('alert')).textContent).toBe('This email is already registered');
    expect(fieldErrorOf(form.getByLabelText('Email'))).toBeNull();

    answer = new Response('', { status: 502 });
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe('Failed to update profile'));
  });
});

describe('Language', () => {
  it('switches the screen to the language chosen at once, keeps the choice and sets <html lang>', async () => {
    const { user, form } = await openProfile(() => jsonResponse(200, jane));
    const language = screen.getByRole('combobox', { name: 'App language' });
    expect((language as HTMLSelectElement).value).toBe('en');
    expect(within(language).getAllByRole('option').map((option) => [option.textContent, option.lang])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
      ['Deutsch', 'de'],
    ]);

    await user.selectOptions(language, 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil' })).toBeTruthy();
    expect(form.getByLabelText('Teléfono')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
    expect(screen.getByText('Información de la cuenta')).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(document.title).toBe('Perfil - Chorely');
    expect(window.localStorage.getItem('language')).toBe('es');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Idioma de la app' }).value).toBe('es');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma de la app' }), 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Änderungen speichern' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache der App' }), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('keeps what was typed when the language changes, and validates in the new language', async () => {
    const { user, form } = await openProfile(() => jsonResponse(200, jane));
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Phone'), '555');
    await user.selectOptions(screen.getByRole('combobox', { name: 'App language' }), 'es');
    await screen.findByRole('heading', { level: 1, name: 'Perfil' });
    expect(form.getByLabelText<HTMLInputElement>('Teléfono').value).toBe('555');

    await user.click(form.getByRole('button', { name: 'Guardar cambios' }));
    expect(fieldErrorOf(form.getByLabelText('Correo electrónico'))).toBe('El correo electrónico es obligatorio');
  });
});

describe("A child's profile", () => {
  it('shows their name, email and phone without a form: their parents keep them', async () => {
    const sam = { ...childUser('MONEY'), lastName: 'Lee', phone: '' };
    signIn(sam);
    const { requests } = stubApi(({ path }) => (path === '/users/me' ? jsonResponse(200, sam) : undefined));
    renderRoute('/profile');

    const title = await screen.findByRole('heading', { name: 'Personal Information' });
    const details = within(title.closest('section') as HTMLElement);
    expect(details.getByText('sam@example.com')).toBeTruthy();
    expect(details.getByText('Lee')).toBeTruthy();
    expect(details.getByText(/Your parents keep these details/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Personal information' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});

describe('The profile of a child who signs in with a code', () => {
  it('offers nothing that asks for a password, and says how devices are signed out', async () => {
    const mia = { ...childUser('MONEY'), email: '', firstName: 'Mia' };
    signIn(mia);
    stubApi(({ path }) => (path === '/users/me' ? jsonResponse(200, mia) : undefined));
    renderRoute('/profile');

    const security = within(
      (await screen.findByRole('heading', { name: 'Security' })).closest('section') as HTMLElement,
    );
    expect(security.getByText(/You sign in with a code from your parent, so you have no password/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log Out Everywhere' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Two-factor sign-in' })).toBeNull();
    // A calendar feed is made with the current password.
    expect(screen.queryByRole('heading', { name: 'Calendar feed' })).toBeNull();
    // What needs no password stays.
    expect(screen.getByRole('combobox', { name: 'App language' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Account Information' })).toBeTruthy();
  });
});

describe('Profile on the family tablet', () => {
  const sam = { ...childUser('MONEY'), lastName: 'Lee' };

  /** Opens Profile as Sam: on the family tablet (a session his PIN opened) or on his own device. */
  async function openAs(onTablet: boolean) {
    useTabletStore.getState().setDeviceToken('tablet-token');
    useTabletStore.getState().setChildSession(onTablet);
    signIn(sam);
    const api = stubApi(({ path }) => (path === '/users/me' ? jsonResponse(200, sam) : undefined));
    renderRoute('/profile');
    await screen.findByRole('heading', { name: 'Personal Information' });
    return api;
  }

  it("shows a child's details, account and language, and says the security is done on their own device", async () => {
    const { requests } = await openAs(true);

    expect(screen.getByText('Lee')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Account Information' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'App language' })).toBeTruthy();
    const security = within(screen.getByRole('heading', { name: 'Security' }).closest('section') as HTMLElement);
    expect(
      security.getByText(
        'Your password, two-factor sign-in, notifications and calendar feeds are set on your own device, not on the family tablet.',
      ),
    ).toBeTruthy();

    // Nothing the server refuses a tablet session.
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log Out Everywhere' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Two-factor sign-in' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Calendar feed' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Notifications' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    const refused = requests.filter(({ path }) => path.startsWith('/calendar/') || path.startsWith('/users/me/'));
    expect(refused).toEqual([]);
  });

  it('shows them all on the same child’s own device', async () => {
    await openAs(false);
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log Out Everywhere' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeTruthy();
    expect(screen.queryByText(/not on the family tablet/)).toBeNull();
  });
});
