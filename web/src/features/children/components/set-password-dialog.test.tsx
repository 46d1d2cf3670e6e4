import { MemoryRouter } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ChildrenPage } from './children-page';
import { buildChild, openCardTab } from '@/testing/children';
import { jsonResponse } from '@/testing/fixtures';
import { fieldErrorOf, renderWithProviders, stubApi, type ApiRequest } from '@/testing/test-utils';

/** The Children screen (its cards link to each child's payslip, so inside a router). */
function renderChildren() {
  return renderWithProviders(
    <MemoryRouter>
      <ChildrenPage />
    </MemoryRouter>,
  );
}

const passwordCalls = (requests: ApiRequest[]) => requests.filter((request) => request.path === '/children/child-1/password');

/** Opens Sam's Set Password dialog, answering the call with `answer`. */
async function openDialog(answer: () => Response) {
  const user = userEvent.setup();
  const api = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/children') return jsonResponse(200, [buildChild()]);
    if (method === 'PUT' && path === '/children/child-1/password') return answer();
    return undefined;
  });
  renderChildren();
  const card = await screen.findByRole('region', { name: 'Sam' });
  await openCardTab(user, card, 'Profile');
  await user.click(within(card).getByRole('button', { name: 'Set password of Sam' }));
  const dialog = within(await screen.findByRole('dialog', { name: "Set Sam's Password" }));
  const fill = async (password: string, confirmation = password) => {
    await user.type(dialog.getByLabelText('New Password'), password);
    await user.type(dialog.getByLabelText('Confirm Password'), confirmation);
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
  };
  return { user, card: within(card), dialog, fill, ...api };
}

describe('Set Password', () => {
  it('is offered for a child who has joined only', async () => {
    const user = userEvent.setup();
    stubApi(({ path }) =>
      path === '/children'
        ? jsonResponse(200, [buildChild(), buildChild({ id: 'child-2', name: 'Alex', userId: null })])
        : undefined,
    );
    renderChildren();
    const alex = await screen.findByRole('region', { name: 'Alex' });
    await openCardTab(user, alex, 'Profile');
    expect(within(alex).queryByRole('button', { name: /Set password/ })).toBeNull();
    const sam = screen.getByRole('region', { name: 'Sam' });
    await openCardTab(user, sam, 'Profile');
    expect(within(sam).getByRole('button', { name: 'Set password of Sam' })).toBeTruthy();
  });

  it('says the child will be signed out, sets the password, closes and says so on the card', async () => {
    const { dialog, card, fill, requests } = await openDialog(() => new Response(null, { status: 204 }));
    expect(dialog.getByText('Sam will be signed out on their devices, and logs in with the new password from then on.')).toBeTruthy();

    await fill('kid-secret');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(passwordCalls(requests).map((request) => [request.method, request.body])).toEqual([
      ['PUT', { password: 'kid-secret' }],
    ]);
    expect(card.getByRole('status').textContent).toBe("Sam's password is set. They were signed out on their devices.");
  });

  it("shows the server's 'This child has no login yet' and stays open", async () => {
    const noLogin = 'This child has no login yet';
    const { dialog, fill, card } = await openDialog(() => jsonResponse(404, { error: noLogin, message: noLogin }));

    await fill('kid-secret');

    expect((await dialog.findByRole('alert')).textContent).toBe(noLogin);
    expect(screen.getByRole('dialog', { name: "Set Sam's Password" })).toBeTruthy();
    expect(card.queryByRole('status')).toBeNull();
  });

  it("shows the server's problem with the password beside it", async () => {
    const tooShort = 'Password must be at least 6 characters';
    const { dialog, fill } = await openDialog(() =>
      jsonResponse(400, { error: tooShort, message: tooShort, details: [{ field: 'password', message: tooShort }] }),
    );
    await fill('kid-secret');
    await waitFor(() => expect(fieldErrorOf(dialog.getByLabelText('New Password'))).toBe(tooShort));
    expect(dialog.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([tooShort]);
  });

  it('checks the length and the confirmation before sending', async () => {
    const { dialog, fill, requests } = await openDialog(() => new Response(null, { status: 204 }));

    await fill('kid', 'kids');
    expect(fieldErrorOf(dialog.getByLabelText('New Password'))).toBe('Password must be at least 6 characters');
    expect(fieldErrorOf(dialog.getByLabelText('Confirm Password'))).toBe('Passwords do not match');
    expect(passwordCalls(requests)).toEqual([]);
  });

  it('closes with Cancel without setting anything', async () => {
    const { dialog, user, card, requests } = await openDialog(() => new Response(null, { status: 204 }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(passwordCalls(requests)).toEqual([]);
    expect(card.queryByRole('status')).toBeNull();
  });
});
