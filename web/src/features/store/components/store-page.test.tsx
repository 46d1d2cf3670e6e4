import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { StorePage } from './store-page';
import type { StoreItem } from '../api/store';
import { setLanguage } from '@/lib/i18n';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';

const pizza: StoreItem = {
  id: 'item-1',
  name: 'Pizza night',
  description: 'You pick the toppings.',
  emoji: '🍕',
  price: 3.5,
  stock: 2,
  childIds: [],
};

const teen = () =>
  buildUser({ id: 'user-3', role: 'ORG_MEMBER', childId: 'child-1', profile: { uiTheme: 'TEEN', rewardDisplayType: 'MONEY' } });

/** A child's store: one reward, $10.00 in the spend jar, and asking for it taken. */
function stubChildStore() {
  return stubApi(({ method, path }) => {
    if (path === '/store/items') return jsonResponse(200, [pizza]);
    if (path.startsWith('/store/redemptions')) return jsonResponse(200, []);
    if (path === '/children/child-1/jars') {
      return jsonResponse(200, { childId: 'child-1', balance: 10, spend: 10, save: 0, give: 0, split: { spend: 100, save: 0, give: 0 } });
    }
    if (method === 'POST' && path === '/store/items/item-1/redeem') {
      return jsonResponse(201, { id: 'red-1', childId: 'child-1', childName: 'Sam', emoji: '🍕', itemId: pizza.id, itemName: pizza.name, note: '', price: 3.5, status: 'PENDING' });
    }
    return undefined;
  });
}

/** Asks for the reward with `button`, in the dialog named `title`, confirmed with `confirm`; returns the dialog's question. */
async function ask(button: string, title: string, confirm: string) {
  const user = userEvent.setup();
  const item = within(await screen.findByRole('listitem'));
  await user.click(await item.findByRole('button', { name: button }));
  const dialog = screen.getByRole('dialog', { name: title });
  const question = dialog.getAttribute('aria-describedby');
  const text = question ? document.getElementById(question)?.textContent : '';
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  return text;
}

describe("The child's store", () => {
  it('lets a KIDS child ask for a reward in their words', async () => {
    signIn(childUser('MONEY'));
    const { requests } = stubChildStore();
    renderWithProviders(<StorePage />);

    expect(await screen.findByText('Pick a reward and pay with your spend jar!')).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Ask for it: Pizza night' });
    expect(button.textContent).toBe('Ask for it');
    expect(screen.queryByText('Redeem')).toBeNull();

    const question = await ask('Ask for it: Pizza night', 'Ask for Pizza night?', 'Ask for it');
    expect(question).toBe('It costs $3.50. If Mum or Dad say yes, it comes out of your spend jar.');
    expect(await screen.findByText('You asked for Pizza night! Mum or Dad will say yes or no soon.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/store/items/item-1/redeem')).toBe(true);
  });

  it('speaks German to a KIDS child who chose it', async () => {
    await setLanguage('de');
    signIn(childUser('MONEY'));
    stubChildStore();
    renderWithProviders(<StorePage />);

    const question = await ask('Wünschen: Pizza night', 'Pizza night wünschen?', 'Wünschen');
    expect(question).toBe('Es kostet 3,50\u00a0$. Wenn Mama oder Papa Ja sagen, kommt es aus deinem Ausgeben-Glas.');
    expect(await screen.findByText('Du hast dir Pizza night gewünscht! Mama oder Papa sagen bald Ja oder Nein.')).toBeTruthy();
  });

  it('keeps Redeem for a TEEN or ADULT child', async () => {
    signIn(teen());
    stubChildStore();
    renderWithProviders(<StorePage />);

    const button = await screen.findByRole('button', { name: 'Redeem Pizza night' });
    expect(button.textContent).toBe('Redeem');
    const question = await ask('Redeem Pizza night', 'Redeem Pizza night', 'Redeem');
    expect(question).toBe('Ask for Pizza night for $3.50? It is taken from your spend jar when a parent approves.');
    expect(await screen.findByText('Asked for Pizza night: a parent will decide soon.')).toBeTruthy();
    expect(screen.queryByText(/Ask for it|Mum or Dad/)).toBeNull();
  });
});
