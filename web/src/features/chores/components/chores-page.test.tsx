import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { ChoresPage } from './chores-page';
import { buildChore, garden, kitchen } from '@/testing/chores';
import { childUser, jsonResponse, userWithRole } from '@/testing/fixtures';
import { fieldErrorOf, renderWithProviders, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';
import type { Chore } from '@/types/api';

const dishes = buildChore({ requiresPhoto: true });
const lawn = buildChore({ id: 'chore-2', name: 'Mow lawn', description: '', category: garden, categoryId: garden.id, baseReward: 5, frequencyDays: 7 });
const counters = buildChore({ id: 'chore-3', name: 'Clean counters', frequencyDays: 0, baseReward: 0.75 });

function renderPage() {
  return renderWithProviders(
    <MemoryRouter>
      <ChoresPage />
    </MemoryRouter>,
  );
}

/**
 * The parent's view: `more` answers first; otherwise the chores and categories
 * answer, and creating, changing or retiring a chore changes what GET /chores answers next.
 */
function stubParentApi(more: (request: ApiRequest) => Response | undefined = () => undefined, categories = [kitchen, garden]) {
  signIn(userWithRole('ORG_ADMIN'));
  let chores = [dishes, lawn, counters];
  const categoryOf = (id: string) => categories.find((category) => category.id === id) ?? { id: '', name: '' };
  return stubApi((request) => {
    const { method, path } = request;
    const answer = more(request);
    if (answer) return answer;
    if (method === 'GET' && path === '/chores') return jsonResponse(200, chores);
    if (method === 'GET' && path === '/categories') return jsonResponse(200, categories);
    const body = request.body as Partial<Chore>;
    if (method === 'POST' && path === '/chores') {
      const created = buildChore({ ...body, id: 'chore-9', category: categoryOf(body.categoryId ?? '') });
      chores = [...chores, created];
      return jsonResponse(201, created);
    }
    const id = /^\/chores\/([^/]+)$/.exec(path)?.[1];
    const chore = chores.find((item) => item.id === id);
    if (!chore) return undefined;
    if (method === 'PUT') {
      const saved = { ...chore, ...body, category: categoryOf(body.categoryId ?? chore.categoryId) };
      chores = chores.map((item) => (item.id === id ? saved : item));
      return jsonResponse(200, saved);
    }
    if (method === 'DELETE') {
      chores = chores.filter((item) => item.id !== id);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

describe('ChoresPage for parents', () => {
  it('groups the chores under their category with reward, frequency and photo mark', async () => {
    stubParentApi();
    renderPage();

    const groups = await screen.findAllByRole('region');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Garden', 'Kitchen']);
    expect(within(groups[0]!).getByRole('heading', { name: 'Garden' })).toBeTruthy();

    const kitchenRows = within(groups[1]!).getAllByRole('listitem');
    expect(kitchenRows.map((row) => row.getAttribute('aria-label'))).toEqual(['Clean counters', 'Wash dishes']);
    const washing = within(groups[1]!).getByRole('listitem', { name: 'Wash dishes' });
    expect(within(washing).getByText('Plates, cups and pans')).toBeTruthy();
    expect(within(washing).getByText('$1.50')).toBeTruthy();
    expect(within(washing).getByText('Daily')).toBeTruthy();
    expect(within(washing).getByText('Photo required')).toBeTruthy();
    expect(within(kitchenRows[0]!).getByText('Anytime')).toBeTruthy();
    expect(within(kitchenRows[0]!).queryByText('Photo required')).toBeNull();
    expect(within(groups[0]!).getByText('Weekly')).toBeTruthy();
    expect(within(groups[0]!).getByText('$5.00')).toBeTruthy();
  });

  it('validates the Add Chore form, then creates the chore with numbers and the photo flag', async () => {
    const user = userEvent.setup();
    const { requests } = stubParentApi();
    renderPage();
    await screen.findAllByRole('region');

    await user.click(screen.getByRole('button', { name: 'Add Chore' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Chore' });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Frequency').value).toBe('1');
    const options = within(within(dialog).getByLabelText('Frequency')).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['0', 'Anytime'],
      ['1', 'Daily'],
      ['2', 'Every 2 days'],
      ['3', 'Every 3 days'],
      ['7', 'Weekly'],
      ['14', 'Bi-weekly'],
      ['30', 'Monthly'],
    ]);
    const reward = within(dialog).getByLabelText<HTMLInputElement>('Base Reward');
    expect([reward.type, reward.step, reward.min]).toEqual(['number', '0.01', '0']);

    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Category is required')).toBeTruthy();
    expect(within(dialog).getByText('Base reward is required')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), 'Sweep floor');
    await user.type(reward, '2.5');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Kitchen');
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'Weekly');
    await user.click(within(dialog).getByLabelText('Requires photo'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Sweep floor',
      description: '',
      baseReward: 2.5,
      categoryId: kitchen.id,
      frequencyDays: 7,
      requiresPhoto: true,
    });
    expect(within(screen.getByRole('region', { name: 'Kitchen' })).getByRole('listitem', { name: 'Sweep floor' })).toBeTruthy();
  });

  it("shows the server's message (e.g. the plan limit), else 'Failed to create chore'", async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(403, {
      error: 'Forbidden',
      message: 'The FREE plan allows up to 10 active chores. Upgrade to add more.',
    });
    stubParentApi(({ method }) => (method === 'POST' ? answer : undefined));
    renderPage();
    await screen.findAllByRole('region');

    await user.click(screen.getByRole('button', { name: 'Add Chore' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Chore' });
    await user.type(within(dialog).getByLabelText('Name'), 'Sweep floor');
    await user.type(within(dialog).getByLabelText('Base Reward'), '1');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Garden');
    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The FREE plan allows up to 10 active chores. Upgrade to add more.',
    );

    answer = new Response('', { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to create chore'));
  });

  it("shows the server's problem with a field beside that field", async () => {
    const user = userEvent.setup();
    stubParentApi(({ method }) =>
      method === 'POST'
        ? jsonResponse(400, {
            error: 'Validation failed',
            message: 'Base reward must be at most 1000.00',
            details: [{ field: 'baseReward', message: 'Base reward must be at most 1000.00' }],
          })
        : undefined,
    );
    renderPage();
    await screen.findAllByRole('region');

    await user.click(screen.getByRole('button', { name: 'Add Chore' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Chore' });
    await user.type(within(dialog).getByLabelText('Name'), 'Sweep floor');
    await user.type(within(dialog).getByLabelText('Base Reward'), '5000');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Kitchen');
    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));

    const reward = within(dialog).getByLabelText('Base Reward');
    await waitFor(() => expect(fieldErrorOf(reward)).toBe('Base reward must be at most 1000.00'));
    // Beside the field only: the dialog has no second alert with the same text.
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Base reward must be at most 1000.00',
    ]);
    expect(fieldErrorOf(within(dialog).getByLabelText('Name'))).toBeNull();

    await user.type(reward, '0');
    expect(fieldErrorOf(reward)).toBeNull();
  });

  it('edits a chore', async () => {
    const user = userEvent.setup();
    const { requests } = stubParentApi();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Mow lawn' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Mow lawn' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Base Reward').value).toBe('5.00');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Category').value).toBe(garden.id);
    await user.clear(within(dialog).getByLabelText('Base Reward'));
    await user.type(within(dialog).getByLabelText('Base Reward'), '6.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: '/chores/chore-2',
      body: { baseReward: 6.25, frequencyDays: 7 },
    });
    expect(within(screen.getByRole('listitem', { name: 'Mow lawn' })).getByText('$6.25')).toBeTruthy();
  });

  it('asks before retiring a chore and takes it off the list', async () => {
    const user = userEvent.setup();
    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValueOnce(false).mockReturnValue(true);
    vi.stubGlobal('confirm', confirm);
    const { requests } = stubParentApi();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Retire Mow lawn' }));
    expect(confirm).toHaveBeenCalledWith('Retire Mow lawn? It leaves the chore list; its history stays.');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Retire Mow lawn' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Mow lawn' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Garden' })).toBeNull();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/chores/chore-2',
    ]);
  });

  it('tells parents without categories to create one first', async () => {
    stubParentApi(undefined, []);
    renderPage();
    const link = await screen.findByRole('link', { name: 'Create a category' });
    expect(link.getAttribute('href')).toBe('/categories');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Chore' }).disabled).toBe(true);
  });
});

describe('ChoresPage for children', () => {
  it('shows My Chores read-only, with when each chore opens again', async () => {
    signIn(userWithRole('ORG_MEMBER'));
    stubApi(({ path }) => {
      if (path === '/chores') return jsonResponse(200, [dishes, lawn]);
      if (path === '/submissions/availability') {
        return jsonResponse(200, [
          { choreId: dishes.id, isAvailable: false, nextAvailableAt: '2030-03-05T09:00:00Z', daysRemaining: 2 },
          { choreId: lawn.id, isAvailable: true, nextAvailableAt: null, daysRemaining: 0 },
        ]);
      }
      return undefined;
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'My Chores', level: 1 })).toBeTruthy();
    const washing = await screen.findByRole('listitem', { name: 'Wash dishes' });
    expect(await within(washing).findByText(/^Available again on .*2030.* \(in 2 days\)$/)).toBeTruthy();
    expect(within(washing).queryByRole('link')).toBeNull();
    const mowing = screen.getByRole('listitem', { name: 'Mow lawn' });
    expect(within(mowing).getByRole('link', { name: 'Do it: Mow lawn' }).getAttribute('href')).toBe('/submit?chore=chore-2');
    expect(screen.queryByRole('button', { name: /Add Chore|Edit|Retire/ })).toBeNull();
  });

  it("shows each chore's reward in the child's own unit", async () => {
    stubApi(({ path }) => (path === '/chores' ? jsonResponse(200, [dishes, lawn]) : undefined));
    const expected = [
      ['POINTS', '1.50 pts', '5.00 pts'],
      ['SCREEN_TIME', '1.50 hrs', '5.00 hrs'],
      ['CUSTOM', '1.50', '5.00'],
    ] as const;
    for (const [unit, washing, mowing] of expected) {
      signIn(childUser(unit));
      const view = renderPage();
      const row = await screen.findByRole('listitem', { name: 'Wash dishes' });
      expect(within(row).getByText(washing, { exact: true })).toBeTruthy();
      expect(within(screen.getByRole('listitem', { name: 'Mow lawn' })).getByText(mowing, { exact: true })).toBeTruthy();
      expect(screen.queryByText(/\$/)).toBeNull();
      view.unmount();
    }
  });
});
