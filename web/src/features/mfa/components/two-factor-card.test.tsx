import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { TwoFactorCard } from './two-factor-card';
import { useSessionStore } from '@/stores/session-store';
import { decodeQrImage } from '@/testing/decode-qr';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { fieldErrorOf, renderWithProviders, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';
import type { User } from '@/types/api';

const parent = buildUser();
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const otpauthUrl = `otpauth://totp/Chorely:jane%40example.com?secret=${secret}&issuer=Chorely`;
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `ABCDE-${String(10000 + index)}`);
const wrongCode = { error: 'That code is not right', message: 'That code is not right', details: [{ field: 'code', message: 'That code is not right' }] };
const PASSWORD = 'jane-secret';
const incorrect = 'Current password is incorrect';
const wrongPassword = { error: incorrect, message: incorrect, details: [{ field: 'currentPassword', message: incorrect }] };

/**
 * The setup (for the password jane-secret) and its confirmation (code
 * 123456), and turning it off (code 654321), as the API answers them.
 */
function mfaApi({ method, path, body }: ApiRequest): Response | undefined {
  const code = (body as { code?: string } | undefined)?.code;
  if (method === 'POST' && path === '/users/me/mfa') {
    return (body as { currentPassword?: string } | undefined)?.currentPassword === PASSWORD
      ? jsonResponse(200, { secret, otpauthUrl })
      : jsonResponse(400, wrongPassword);
  }
  if (method === 'POST' && path === '/users/me/mfa/confirm') {
    return code === '123456'
      ? jsonResponse(200, { recoveryCodes, token: 'mfa-token', user: { ...parent, mfaEnabled: true } })
      : jsonResponse(400, wrongCode);
  }
  if (method === 'POST' && path === '/users/me/mfa/disable') {
    return code === '654321' ? jsonResponse(200, { ...parent, mfaEnabled: false }) : jsonResponse(400, wrongCode);
  }
  return undefined;
}

/** The card as the profile shows it: for the signed-in user, following the session. */
function CardOfSession() {
  const user = useSessionStore((state) => state.user);
  return user ? <TwoFactorCard user={user} /> : null;
}

function renderCard(user: User) {
  signIn(user, 'old-token');
  renderWithProviders(<CardOfSession />);
  return screen.getByRole('region', { name: 'Two-factor sign-in' });
}

/** Types `password` into the setup's first step and sends it. */
async function sendPassword(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, password: string) {
  const field = within(dialog).getByLabelText('Current Password');
  await user.clear(field);
  await user.type(field, password);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
}

/** Opens the setup dialog and gets past its password, to the QR code. */
async function openSetup(user: ReturnType<typeof userEvent.setup>) {
  const card = renderCard(parent);
  return { card, dialog: await reopen(user) };
}

async function reopen(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
  await sendPassword(user, dialog, PASSWORD);
  await within(dialog).findByRole('img', { name: 'QR code to add Chorely to an authenticator app' });
  return dialog;
}

async function confirmWith(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, code: string) {
  const field = within(dialog).getByLabelText('Code from your app');
  await user.clear(field);
  await user.type(field, code);
  await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
}

describe('TwoFactorCard', () => {
  it('says it is off and sets it up: QR code and key, a code, then the recovery codes and the new session', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(mfaApi);
    const card = renderCard(parent);
    expect(within(card).getByText('Off')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Turn off' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    // The password first, then the secret; focus follows the step shown.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Current Password'));
    await sendPassword(user, dialog, PASSWORD);
    await within(dialog).findByRole('img', { name: 'QR code to add Chorely to an authenticator app' });
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: '1. Scan this code' }));
    // The QR code holds the otpauth address; the key reads in groups of four.
    const qr = within(dialog).getByRole<HTMLImageElement>('img', { name: 'QR code to add Chorely to an authenticator app' });
    expect(decodeQrImage(qr)).toBe(otpauthUrl);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    const field = within(dialog).getByLabelText('Code from your app');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');

    await confirmWith(user, dialog, '000000');
    await waitFor(() => expect(fieldErrorOf(within(dialog).getByLabelText('Code from your app'))).toBe('That code is not right'));
    expect(useSessionStore.getState().token).toBe('old-token');

    await confirmWith(user, dialog, '123456');
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Save your recovery codes' }));
    // The new token and user are kept at once, before the codes are saved.
    expect(useSessionStore.getState().token).toBe('mfa-token');
    expect(localStorage.getItem('token')).toBe('mfa-token');
    expect(useSessionStore.getState().user?.mfaEnabled).toBe(true);
    expect(within(card).getByText('On')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.body])).toEqual([
      ['/users/me/mfa', { currentPassword: PASSWORD }],
      ['/users/me/mfa/confirm', { code: '000000' }],
      ['/users/me/mfa/confirm', { code: '123456' }],
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(recoveryCodes.join('\n'));

    await user.click(within(dialog).getByRole('button', { name: 'I have saved these codes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });

  it('downloads the recovery codes as a text file', async () => {
    const user = userEvent.setup();
    stubApi(mfaApi);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { dialog } = await openSetup(user);
    await confirmWith(user, dialog, '123456');
    await within(dialog).findByRole('list', { name: 'Recovery codes' });

    await user.click(within(dialog).getByRole('button', { name: 'Download as a text file' }));
    expect(clicked.map((link) => [link.download, link.getAttribute('href')])).toEqual([['chorely-recovery-codes.txt', 'blob:codes']]);
    expect(blobs[0]?.type).toBe('text/plain;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text.split('\n')).toEqual([
      `Chorely recovery codes for ${parent.email}`,
      '',
      ...recoveryCodes,
      '',
      'Each code logs you in once, instead of a code from your authenticator app.',
      '',
    ]);
  });

  it('asks before closing while the recovery codes are unsaved', async () => {
    const user = userEvent.setup();
    stubApi(mfaApi);
    const { dialog } = await openSetup(user);

    // Before the codes, closing just closes.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const again = await reopen(user);
    await confirmWith(user, again, '123456');
    await within(again).findByRole('list', { name: 'Recovery codes' });

    // Escape asks in a dialog over the setup; Escape again answers no, and the codes stay.
    await user.keyboard('{Escape}');
    const question = screen.getByRole('dialog', { name: 'Close without saving' });
    expect(
      document.getElementById(question.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Close without saving your recovery codes? They are not shown again.');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Close without saving' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Set up two-factor sign-in' })).toBe(again);
    expect(within(again).getByRole('list', { name: 'Recovery codes' })).toBeTruthy();

    // Cancel keeps them too; closing without saving closes both.
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Close without saving' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Set up two-factor sign-in' })).toBe(again);

    await user.click(within(again).getByRole('button', { name: 'Close' }));
    const leave = screen.getByRole('dialog', { name: 'Close without saving' });
    await user.click(within(leave).getByRole('button', { name: 'Close without saving' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('turns it off with a code, a wrong one showing beside the field', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(mfaApi);
    const card = renderCard({ ...parent, mfaEnabled: true });
    expect(within(card).getByText('On')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    const field = within(dialog).getByLabelText('Code from your app');
    expect(document.activeElement).toBe(field);
    await user.type(field, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(fieldErrorOf(within(dialog).getByLabelText('Code from your app'))).toBe('That code is not right'));

    // A recovery code may prove it too.
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    const recovery = within(dialog).getByLabelText('Recovery code');
    await user.clear(recovery);
    await user.type(recovery, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('Off')).toBeTruthy();
    expect(within(card).getByText('Two-factor sign-in is off.')).toBeTruthy();
    expect(useSessionStore.getState().user?.mfaEnabled).toBe(false);
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/users/me/mfa/disable', { code: '111111' }],
      ['/users/me/mfa/disable', { code: '654321' }],
    ]);
  });

  it('offers no turning off to a platform administrator', () => {
    stubApi(mfaApi);
    const card = renderCard(buildUser({ role: 'SUPER_ADMIN', organization: null, mfaEnabled: true }));
    expect(within(card).getByText('On')).toBeTruthy();
    expect(within(card).getByText('Platform administrators keep two-factor sign-in on.')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('asks for the current password first: a wrong one shows beside the field, and nothing else changes', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(mfaApi);
    const card = renderCard(parent);
    await user.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    const form = within(dialog).getByRole('form', { name: 'Confirm your password' });
    expect(within(form).getByText('To start, enter the password you log in with.')).toBeTruthy();
    const field = within(form).getByLabelText('Current Password');
    expect([field.getAttribute('type'), field.getAttribute('autocomplete')]).toEqual(['password', 'current-password']);
    // For password managers: whose password this is.
    const username = form.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    expect(username?.value).toBe(parent.email);

    // Checked before sending.
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(fieldErrorOf(field)).toBe('Current password is required');
    expect(requests).toEqual([]);

    await sendPassword(user, dialog, 'wrong-secret');
    await waitFor(() => expect(fieldErrorOf(within(dialog).getByLabelText('Current Password'))).toBe(incorrect));
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([incorrect]);
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(card).getByText('Off')).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('old-token');
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/users/me/mfa', { currentPassword: 'wrong-secret' }],
    ]);
  });

  it("shows the server's refusal of a setup above the password, the dialog staying open", async () => {
    const user = userEvent.setup();
    const already = 'Two-factor sign-in is already on';
    stubApi(() => jsonResponse(409, { error: already, message: already }));
    const card = renderCard(parent);
    await user.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    await sendPassword(user, dialog, PASSWORD);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(already);
    expect(fieldErrorOf(within(dialog).getByLabelText('Current Password'))).toBeNull();
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it('says when too many passwords were wrong', async () => {
    const user = userEvent.setup();
    const tooMany = 'Too many failed logins. Try again in 15 minutes.';
    stubApi(() => jsonResponse(429, { error: tooMany, message: tooMany }));
    const card = renderCard(parent);
    await user.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    await sendPassword(user, dialog, PASSWORD);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(tooMany);
  });
});
