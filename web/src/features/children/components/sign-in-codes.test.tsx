import { MemoryRouter } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Child, ChildDevice } from '../types';
import { ChildrenPage } from './children-page';
import { buildChild, openCardTab } from '@/testing/children';
import { decodeQrImage } from '@/testing/decode-qr';
import { jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, stubApi } from '@/testing/test-utils';
import { formatTime } from '@/utils/format';

/** Nina, added without an email: her login exists at once, with no email and no password. */
const nina = buildChild({ id: 'child-7', name: 'Nina', firstName: 'Nina', lastName: '', user: { email: '', phone: '' }, userId: 'user-7' });
const EXPIRES_AT = '2030-05-01T18:15:00Z';
const LINK_URL = `${window.location.origin}/link#c0de-One_1`;

function renderChildren() {
  return renderWithProviders(
    <MemoryRouter>
      <ChildrenPage />
    </MemoryRouter>,
  );
}

const noContent = () => new Response(null, { status: 204 });

describe('Add Child without an email', () => {
  it('adds the child at once and offers the sign-in code for their own device', async () => {
    const user = userEvent.setup();
    let children: Child[] = [];
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, children);
      if (method === 'POST' && path === '/children/invite') {
        children = [nina];
        return jsonResponse(201, { child: nina, inviteUrl: null, inviteCode: null });
      }
      if (method === 'POST' && path === '/children/child-7/devices/links') {
        return jsonResponse(201, { code: 'c0de-One_1', expiresAt: EXPIRES_AT });
      }
      return undefined;
    });
    renderChildren();
    await screen.findByText(/No children yet/);

    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Child' });
    await user.type(within(dialog).getByLabelText('First Name'), 'Nina');
    await user.click(within(dialog).getByRole('button', { name: 'Add Child' }));

    expect(await within(dialog).findByText('Nina is added.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ firstName: 'Nina', email: '' });
    // No invite link for a child without an email.
    expect(within(dialog).queryByLabelText('Invite Link')).toBeNull();
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toMatch(/^Nina can now sign in with a sign-in code/);

    await user.click(within(dialog).getByRole('button', { name: 'Show sign-in code' }));
    const link = await within(dialog).findByLabelText<HTMLInputElement>('Sign-in link');
    expect(link.value).toBe(LINK_URL);
    const qr = within(dialog).getByRole<HTMLImageElement>('img', { name: "QR code of Nina's sign-in link" });
    expect(decodeQrImage(qr)).toBe(LINK_URL);
    expect(within(dialog).getByText("Scan with your child's phone or tablet camera")).toBeTruthy();
    expect(within(dialog).getByText(`Works once, until ${formatTime(EXPIRES_AT)}`)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByText('Copied!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(LINK_URL);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const card = await screen.findByRole('region', { name: 'Nina' });
    expect(within(card).getByText('Joined')).toBeTruthy();
  });
});

describe("a child's sign-in codes and devices on their card", () => {
  const phone: ChildDevice = { id: 'dev-1', name: 'iPhone', createdAt: '2030-04-01T09:00:00Z', lastUsedAt: '2030-04-02T07:30:00Z' };
  const laptop: ChildDevice = { id: 'dev-2', name: 'Chrome on Windows', createdAt: '2030-04-03T09:00:00Z', lastUsedAt: null };

  it('shows a new sign-in code in a dialog, one per showing', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [nina]);
      if (method === 'POST' && path === '/children/child-7/devices/links') {
        return jsonResponse(201, { code: 'c0de-One_1', expiresAt: EXPIRES_AT });
      }
      return undefined;
    });
    renderChildren();

    await user.click(await screen.findByRole('button', { name: 'Show sign-in code for Nina' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign-in code for Nina' });
    expect((await within(dialog).findByLabelText<HTMLInputElement>('Sign-in link')).value).toBe(LINK_URL);
    const links = requests.filter((request) => request.method === 'POST');
    expect(links).toEqual([{ method: 'POST', path: '/children/child-7/devices/links', body: {} }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says why no code can be made (the server's words by its code)", async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [nina]);
      if (method === 'POST' && path === '/children/child-7/devices/links') {
        return jsonResponse(409, { error: 'Conflict', message: 'Too many devices', code: 'DEVICE_LIMIT' });
      }
      return undefined;
    });
    renderChildren();

    await user.click(await screen.findByRole('button', { name: 'Show sign-in code for Nina' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign-in code for Nina' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A child can have at most 5 devices signed in. Sign one out first.',
    );
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it('offers a new code once the one shown has expired', async () => {
    const user = userEvent.setup();
    let expiresAt = new Date(Date.now() + 50).toISOString();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [nina]);
      if (method === 'POST' && path === '/children/child-7/devices/links') {
        return jsonResponse(201, { code: 'c0de-One_1', expiresAt });
      }
      return undefined;
    });
    renderChildren();

    await user.click(await screen.findByRole('button', { name: 'Show sign-in code for Nina' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign-in code for Nina' });
    expect(await within(dialog).findByText('This sign-in code has expired.')).toBeTruthy();
    expect(within(dialog).queryByRole('img')).toBeNull();

    expiresAt = EXPIRES_AT;
    await user.click(within(dialog).getByRole('button', { name: 'New sign-in code' }));
    expect((await within(dialog).findByLabelText<HTMLInputElement>('Sign-in link')).value).toBe(LINK_URL);
  });

  it('lists the devices when opened, and signs one out after asking', async () => {
    const user = userEvent.setup();
    let devices = [laptop, phone];
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [nina]);
      if (method === 'GET' && path === '/children/child-7/devices') return jsonResponse(200, devices);
      if (method === 'DELETE' && path === '/children/child-7/devices/dev-1') {
        devices = [laptop];
        return noContent();
      }
      return undefined;
    });
    renderChildren();
    const card = await screen.findByRole('region', { name: 'Nina' });

    // Under Profile, folded away: nothing is loaded until opened.
    await openCardTab(user, card, 'Profile');
    expect(requests.some((request) => request.path.endsWith('/devices'))).toBe(false);
    await user.click(within(card).getByText('Signed-in devices'));
    const list = await within(card).findByRole('list', { name: "Nina's devices" });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/iPhone|Chrome on Windows/).textContent)).toEqual([
      'Chrome on Windows',
      'iPhone',
    ]);
    expect(within(rows[0]!).getByText('Not used yet')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Last used /)).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Added /)).toBeTruthy();

    const signOut = within(rows[1]!).getByRole('button', { name: 'Sign out iPhone' });
    await user.click(signOut);
    const question = screen.getByRole('dialog', { name: 'Sign out iPhone' });
    expect(
      within(question).getByText(
        'Sign Nina out of iPhone? It stops working at once; Nina needs a new sign-in code to use it again.',
      ),
    ).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(signOut);
    await user.click(within(screen.getByRole('dialog', { name: 'Sign out iPhone' })).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(list).queryByText('iPhone')).toBeNull());
    expect(within(list).getByText('Chrome on Windows')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/children/child-7/devices/dev-1',
    ]);
  });

  it('says so when the child has no device yet', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [nina]);
      if (method === 'GET' && path === '/children/child-7/devices') return jsonResponse(200, []);
      return undefined;
    });
    renderChildren();
    const card = await screen.findByRole('region', { name: 'Nina' });
    await openCardTab(user, card, 'Profile');
    await user.click(within(card).getByText('Signed-in devices'));
    expect(
      await within(card).findByText("No devices yet. Show a sign-in code and scan it with Nina's phone or tablet."),
    ).toBeTruthy();
  });

  it('offers neither to a child invited by email who has not joined yet', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) =>
      method === 'GET' && path === '/children' ? jsonResponse(200, [buildChild({ name: 'Alex', userId: null })]) : undefined,
    );
    renderChildren();
    const card = await screen.findByRole('region', { name: 'Alex' });
    expect(within(card).queryByRole('button', { name: /Show sign-in code/ })).toBeNull();
    await openCardTab(user, card, 'Profile');
    expect(within(card).queryByText('Signed-in devices')).toBeNull();
  });

  it('edits a child added without an email, who stays without one', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [nina]);
      if (method === 'PUT' && path === '/children/child-7') return jsonResponse(200, nina);
      return undefined;
    });
    renderChildren();
    await user.click(await screen.findByRole('button', { name: 'Edit Nina' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Nina' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ email: '' });
  });
});
