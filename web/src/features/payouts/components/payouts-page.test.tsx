import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Payout, PayoutChild } from '../types';
import { PayoutsPage } from './payouts-page';
import type { Jars } from '@/api/jars';
import { setLanguage } from '@/lib/i18n';
import { childUser, jsonResponse, userWithRole } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';
import { formatDateTime } from '@/utils/format';

const sam: PayoutChild = { id: 'child-1', name: 'Sam', balance: 12.5, rewardDisplayType: 'MONEY' };
const alex: PayoutChild = { id: 'child-2', name: 'Alex', balance: 3, rewardDisplayType: 'POINTS' };

const cinema: Payout = {
  id: 'payout-1',
  childId: 'child-1',
  childName: 'Sam',
  parentName: 'Jane Doe',
  amount: 5,
  notes: 'Cinema',
  paidAt: '2024-05-03T18:00:00Z',
};
const sweets: Payout = {
  id: 'payout-2',
  childId: 'child-2',
  childName: 'Alex',
  parentName: 'John Doe',
  amount: 1.25,
  notes: '',
  paidAt: '2024-05-01T18:00:00Z',
};

/** What each child's spend jar holds: less than their balance (the rest is saved). */
const SPEND: Readonly<Record<string, number>> = { 'child-1': 8, 'child-2': 3 };

/** GET /children/{id}/jars: `spend` in the spend jar, the rest of the balance in the save jar. */
function jarsOf(child: PayoutChild, spend: number): Jars {
  return {
    childId: child.id,
    spend,
    save: child.balance - spend,
    give: 0,
    balance: child.balance,
    split: { spend: 100, save: 0, give: 0 },
  };
}

/** A parent's view: children, payouts and spend jars as given, other calls go to `more`. */
function stubParent(
  more: (request: ApiRequest) => Response | undefined = () => undefined,
  payouts: () => Payout[] = () => [cinema, sweets],
  children: () => PayoutChild[] = () => [sam, alex],
  spend: (childId: string) => number | undefined = (childId) => SPEND[childId],
) {
  signIn(userWithRole('ORG_ADMIN'));
  return stubApi((request) => {
    if (request.method === 'GET' && request.path === '/payouts') return jsonResponse(200, payouts());
    if (request.method === 'GET' && request.path === '/children') return jsonResponse(200, children());
    const jars = request.method === 'GET' ? /^\/children\/([^/]+)\/jars$/.exec(request.path) : null;
    if (jars) {
      const child = children().find(({ id }) => id === jars[1]);
      const held = spend(jars[1] ?? '');
      if (child && held !== undefined) return jsonResponse(200, jarsOf(child, held));
    }
    return more(request);
  });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Payout history' }))
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));

/** What the form says of the money: what the chosen child's spend jar holds, else the hint under Amount. */
const amountHint = (form: HTMLElement) => {
  const jar = within(form).queryByText(/^Available to pay out/);
  if (jar) return jar.textContent;
  const amount = within(form).getByLabelText('Amount');
  const ids = (amount.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};

async function fillPayout(user: ReturnType<typeof userEvent.setup>, amount: string, notes = '', child = 'child-1') {
  const form = screen.getByRole('form', { name: 'Record payout' });
  await user.selectOptions(within(form).getByLabelText('Child'), child);
  await user.clear(within(form).getByLabelText('Amount'));
  await user.type(within(form).getByLabelText('Amount'), amount);
  if (notes) await user.type(within(form).getByLabelText('Notes'), notes);
  return form;
}

describe('PayoutsPage for parents', () => {
  it('shows the history newest first with Child, Parent, Amount, Notes and Paid', async () => {
    stubParent();
    renderWithProviders(<PayoutsPage />);
    await screen.findByRole('table', { name: 'Payout history' });

    const headers = within(screen.getByRole('table', { name: 'Payout history' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Child', 'Parent', 'Amount', 'Notes', 'Paid']);
    await waitFor(() =>
      expect(rows().slice(1)).toEqual([
        ['Sam', 'Jane Doe', '$5.00', 'Cinema', formatDateTime(cinema.paidAt)],
        ['Alex', 'John Doe', '1.25 pts', '—', formatDateTime(sweets.paidAt)],
      ]),
    );
  });

  it('offers each child with their balance', async () => {
    stubParent();
    renderWithProviders(<PayoutsPage />);
    const select = await screen.findByLabelText('Child');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a child',
      'Sam (balance $12.50)',
      'Alex (balance 3.00 pts)',
    ]);
    const amount = screen.getByLabelText<HTMLInputElement>('Amount');
    expect([amount.type, amount.step, amount.min]).toEqual(['number', '0.01', '0.01']);
  });

  it('requires the child and an amount above 0 before sending', async () => {
    const user = userEvent.setup();
    const { requests } = stubParent();
    renderWithProviders(<PayoutsPage />);
    const form = await screen.findByRole('form', { name: 'Record payout' });
    await within(form).findByRole('option', { name: 'Sam (balance $12.50)' });

    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));
    expect(within(form).getByText('Child is required')).toBeTruthy();
    expect(within(form).getByText('Amount is required')).toBeTruthy();

    await fillPayout(user, '0');
    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));
    expect(within(form).getByText('Amount must be greater than 0')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("says what the chosen child's spend jar holds, in their unit, and follows the child", async () => {
    const user = userEvent.setup();
    const { requests } = stubParent();
    renderWithProviders(<PayoutsPage />);
    const form = await screen.findByRole('form', { name: 'Record payout' });
    await within(form).findByRole('option', { name: 'Sam (balance $12.50)' });
    expect(amountHint(form)).toBe("In dollars, taken from the child's spend jar.");

    await user.selectOptions(within(form).getByLabelText('Child'), 'child-1');
    await waitFor(() => expect(amountHint(form)).toBe("Available to pay out: $8.00 in Sam's spend jar."));

    await user.selectOptions(within(form).getByLabelText('Child'), 'child-2');
    await waitFor(() => expect(amountHint(form)).toBe("Available to pay out: 3.00 pts in Alex's spend jar."));
    expect(requests.filter(({ path }) => path.endsWith('/jars')).map(({ path }) => path)).toEqual([
      '/children/child-1/jars',
      '/children/child-2/jars',
    ]);

    await user.selectOptions(within(form).getByLabelText('Child'), '');
    expect(amountHint(form)).toBe("In dollars, taken from the child's spend jar.");
  });

  it('refuses more than the spend jar holds before sending, though the balance is larger', async () => {
    const user = userEvent.setup();
    const { requests } = stubParent(({ method, path }) =>
      method === 'POST' && path === '/payouts' ? jsonResponse(201, { ...cinema, amount: 8 }) : undefined,
    );
    renderWithProviders(<PayoutsPage />);
    await screen.findByRole('option', { name: 'Sam (balance $12.50)' });

    const form = await fillPayout(user, '8.01');
    await waitFor(() => expect(amountHint(form)).toBe("Available to pay out: $8.00 in Sam's spend jar."));
    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));
    expect(within(form).getByText("Sam's spend jar has only $8.00")).toBeTruthy();
    expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    // The amount's error does not hide what the jar holds.
    expect(amountHint(form)).toBe("Available to pay out: $8.00 in Sam's spend jar.");
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    // Alex's jar is counted in Alex's unit.
    await fillPayout(user, '3.5', '', 'child-2');
    await waitFor(() => expect(amountHint(form)).toBe("Available to pay out: 3.00 pts in Alex's spend jar."));
    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));
    expect(within(form).getByText("Alex's spend jar has only 3.00 pts")).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    // All of it is fine.
    await fillPayout(user, '8');
    await waitFor(() => expect(amountHint(form)).toBe("Available to pay out: $8.00 in Sam's spend jar."));
    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));
    expect(await within(form).findByText('Payout recorded')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      childId: 'child-1',
      amount: 8,
      notes: '',
    });
  });

  it('records a payout, then reads the history, the balances and the spend jar again', async () => {
    const user = userEvent.setup();
    let paid = false;
    const recorded: Payout = { ...cinema, id: 'payout-3', amount: 1.5, notes: 'Ice cream', paidAt: '2024-05-04T12:00Z' };
    const { requests } = stubParent(
      ({ method, path }) => {
        if (method !== 'POST' || path !== '/payouts') return undefined;
        paid = true;
        return jsonResponse(201, recorded);
      },
      () => (paid ? [recorded, cinema, sweets] : [cinema, sweets]),
      () => (paid ? [{ ...sam, balance: 11 }, alex] : [sam, alex]),
      (childId) => (childId === 'child-1' && paid ? 6.5 : SPEND[childId]),
    );
    renderWithProviders(<PayoutsPage />);
    await screen.findByRole('option', { name: 'Sam (balance $12.50)' });

    const form = await fillPayout(user, '1.5', ' Ice cream ');
    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));

    expect(await within(form).findByText('Payout recorded')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      childId: 'child-1',
      amount: 1.5,
      notes: 'Ice cream',
    });
    expect(await screen.findByRole('option', { name: 'Sam (balance $11.00)' })).toBeTruthy();
    await waitFor(() =>
      expect(rows()[1]).toEqual(['Sam', 'Jane Doe', '$1.50', 'Ice cream', formatDateTime(recorded.paidAt)]),
    );
    expect(within(form).getByLabelText<HTMLSelectElement>('Child').value).toBe('');
    expect(within(form).getByLabelText<HTMLInputElement>('Amount').value).toBe('');
    expect(requests.filter((request) => request.path === '/payouts' && request.method === 'GET')).toHaveLength(2);
    expect(requests.filter((request) => request.path === '/children')).toHaveLength(2);

    await user.selectOptions(within(form).getByLabelText('Child'), 'child-1');
    await waitFor(() => expect(amountHint(form)).toBe("Available to pay out: $6.50 in Sam's spend jar."));
  });

  it("shows the server's refusal of an amount the form let through, else 'Failed to create payout'", async () => {
    const user = userEvent.setup();
    // The jar was spent from since the form read it: the server checks again.
    let answer = jsonResponse(409, { error: 'Conflict', message: "Sam's spend jar has only $4.00" });
    stubParent(({ method }) => (method === 'POST' ? answer : undefined));
    renderWithProviders(<PayoutsPage />);
    await screen.findByRole('option', { name: 'Sam (balance $12.50)' });

    const form = await fillPayout(user, '5');
    await waitFor(() => expect(amountHint(form)).toBe("Available to pay out: $8.00 in Sam's spend jar."));
    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));
    expect((await within(form).findByRole('alert')).textContent).toBe("Sam's spend jar has only $4.00");

    answer = new Response('', { status: 500 });
    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Failed to create payout'));
  });

  it("leaves the check to the server when the spend jar cannot be read, and shows its refusal", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = jsonResponse(409, { error: 'Conflict', message: "The payout is larger than Sam's balance of $12.50" });
    const { requests } = stubParent(
      ({ method }) => (method === 'POST' ? answer : undefined),
      undefined,
      undefined,
      () => undefined,
    );
    renderWithProviders(<PayoutsPage />);
    await screen.findByRole('option', { name: 'Sam (balance $12.50)' });

    const form = await fillPayout(user, '20');
    await waitFor(() => expect(requests.some(({ path }) => path === '/children/child-1/jars')).toBe(true));
    expect(amountHint(form)).toBe("In dollars, taken from the child's spend jar.");
    await user.click(within(form).getByRole('button', { name: 'Record Payout' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      "The payout is larger than Sam's balance of $12.50",
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('says when nothing has been paid out yet', async () => {
    stubParent(undefined, () => []);
    renderWithProviders(<PayoutsPage />);
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
  });
});

describe('PayoutsPage for a child', () => {
  it('shows only their payouts, without the Parent column or the form', async () => {
    signIn(userWithRole('ORG_MEMBER'));
    const log = vi.spyOn(console, 'error');
    const own = { ...cinema, parentName: null };
    const { requests } = stubApi(({ path }) => (path === '/payouts' ? jsonResponse(200, [own]) : undefined));
    renderWithProviders(<PayoutsPage />);

    const table = await screen.findByRole('table', { name: 'Payout history' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Child',
      'Amount',
      'Notes',
      'Paid',
    ]);
    expect(rows()[1]).toEqual(['Sam', '$5.00', 'Cinema', formatDateTime(cinema.paidAt)]);
    expect(screen.queryByRole('form', { name: 'Record payout' })).toBeNull();
    expect(requests.map((request) => request.path)).toEqual(['/payouts']);
    expect(log).not.toHaveBeenCalled();
  });

  it('shows their payouts in their own unit', async () => {
    signIn(childUser('POINTS'));
    stubApi(({ path }) => (path === '/payouts' ? jsonResponse(200, [{ ...cinema, parentName: null }]) : undefined));
    renderWithProviders(<PayoutsPage />);
    await screen.findByRole('table', { name: 'Payout history' });
    expect(rows()[1]).toEqual(['Sam', '5.00 pts', 'Cinema', formatDateTime(cinema.paidAt)]);
  });
});

describe('PayoutsPage in German', () => {
  it('names the columns in German and writes money, points and dates the German way', async () => {
    await setLanguage('de');
    stubParent();
    renderWithProviders(<PayoutsPage />);
    const table = await screen.findByRole('table', { name: 'Bisherige Auszahlungen' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Kind',
      'Elternteil',
      'Betrag',
      'Notizen',
      'Ausgezahlt',
    ]);
    const cells = within(table).getAllByRole('row')[1];
    expect(within(cells as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Sam',
      'Jane Doe',
      '5,00\u00a0$',
      'Cinema',
      new Date('2024-05-03T18:00:00Z').toLocaleString('de', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    ]);
    expect(within(table).getByText('1,25 Pkt.')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Alex (Guthaben 3,00 Pkt.)' })).toBeTruthy();
  });
});
