import { MemoryRouter } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ChildrenPage } from './children-page';
import { setLanguage } from '@/lib/i18n';
import { buildChild, openCardTab } from '@/testing/children';
import { jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, stubApi, type ApiRequest } from '@/testing/test-utils';

/** The Children screen (its cards link to each child's payslip, so inside a router). */
function renderChildren() {
  return renderWithProviders(
    <MemoryRouter>
      <ChildrenPage />
    </MemoryRouter>,
  );
}

const resetCalls = (requests: ApiRequest[]) => requests.filter((request) => request.path === '/children/child-1/mfa');

/**
 * Opens the confirmation on Sam's card (its button named `action`, under the
 * tab labelled `tab`), answering the call with `answer`.
 */
async function openDialog(answer: () => Response, action = 'Turn off two-factor sign-in of Sam', tab = 'Profile') {
  const user = userEvent.setup();
  const api = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/children') return jsonResponse(200, [buildChild()]);
    if (method === 'DELETE' && path === '/children/child-1/mfa') return answer();
    return undefined;
  });
  renderChildren();
  const card = await screen.findByRole('region', { name: 'Sam' });
  await openCardTab(user, card, tab);
  await user.click(within(card).getByRole('button', { name: action }));
  const dialog = within(await screen.findByRole('dialog'));
  return { user, card: within(card), dialog, ...api };
}

describe("Turning off a child's two-factor sign-in", () => {
  it('is offered for a child who has joined only', async () => {
    const user = userEvent.setup();
    stubApi(({ path }) =>
      path === '/children'
        ? jsonResponse(200, [buildChild(), buildChild({ id: 'child-2', name: 'Alex', userId: null })])
        : undefined,
    );
    renderChildren();
    const alexCard = await screen.findByRole('region', { name: 'Alex' });
    await openCardTab(user, alexCard, 'Profile');
    expect(within(alexCard).queryByRole('button', { name: /two-factor/ })).toBeNull();
    const samCard = screen.getByRole('region', { name: 'Sam' });
    await openCardTab(user, samCard, 'Profile');
    const sam = within(samCard);
    expect(sam.getByRole('button', { name: 'Turn off two-factor sign-in of Sam' }).textContent).toBe('Turn off two-factor sign-in');
  });

  it('says what it does, turns it off, closes and says so on the card', async () => {
    const { user, dialog, card, requests } = await openDialog(() => new Response(null, { status: 204 }));
    expect(screen.getByRole('dialog', { name: "Turn off Sam's two-factor sign-in" })).toBeTruthy();
    expect(
      dialog.getByText(
        'Sam then logs in with their password alone, and is signed out on their devices now. They can set it up again on their own device.',
      ),
    ).toBeTruthy();
    expect(resetCalls(requests)).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resetCalls(requests).map((request) => request.method)).toEqual(['DELETE']);
    expect(card.getByRole('status').textContent).toBe(
      'Two-factor sign-in is off for Sam. They were signed out on their devices.',
    );
  });

  it("shows the server's 409 in the dialog, which stays open, and says nothing on the card", async () => {
    const notOn = 'Two-factor sign-in is not on';
    const { user, dialog, card } = await openDialog(() => jsonResponse(409, { error: notOn, message: notOn }));

    await user.click(dialog.getByRole('button', { name: 'Turn off' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(notOn);
    expect(screen.getByRole('dialog', { name: "Turn off Sam's two-factor sign-in" })).toBeTruthy();
    expect(card.queryByRole('status')).toBeNull();
  });

  it("shows the server's refusals in the interface language", async () => {
    await setLanguage('de');
    const notOn = 'Two-factor sign-in is not on';
    const noLogin = 'This child has no login yet';
    let answer = jsonResponse(409, { error: notOn, message: notOn, code: 'MFA_NOT_ON' });
    const { user, dialog } = await openDialog(() => answer, 'Zwei-Faktor-Anmeldung ausschalten: Sam', 'Profil');

    await user.click(dialog.getByRole('button', { name: 'Ausschalten' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet');

    answer = jsonResponse(404, { error: noLogin, message: noLogin, code: 'CHILD_HAS_NO_LOGIN' });
    await user.click(dialog.getByRole('button', { name: 'Ausschalten' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Dieses Kind hat noch keine Anmeldung'));
  });

  it('closes with Cancel without turning anything off', async () => {
    const { user, dialog, card, requests } = await openDialog(() => new Response(null, { status: 204 }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resetCalls(requests)).toEqual([]);
    expect(card.queryByRole('status')).toBeNull();
  });
});
