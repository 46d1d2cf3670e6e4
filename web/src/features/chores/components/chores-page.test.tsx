import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ChoresPage } from './chores-page';
import { buildChild } from '@/testing/children';
import { buildChore, garden, kitchen } from '@/testing/chores';
import { childUser, jsonResponse, userWithRole } from '@/testing/fixtures';
import { fieldErrorOf, renderWithProviders, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';
import type { Chore } from '@/types/api';

const dishes = buildChore({ requiresPhoto: true });
const lawn = buildChore({ id: 'chore-2', name: 'Mow lawn', description: '', category: garden, categoryId: garden.id, baseReward: 5, frequencyDays: 7 });
const counters = buildChore({ id: 'chore-3', name: 'Clean counters', frequencyDays: 0, baseReward: 0.75 });
const lily = buildChild({ id: 'child-lily', name: 'Lily', firstName: 'Lily' });
const max = buildChild({ id: 'child-max', name: 'Max', firstName: 'Max' });
const bins = buildChore({
  id: 'chore-4',
  name: 'Take out bins',
  description: '',
  assignedChildIds: [lily.id, max.id],
  assignmentMode: 'ROTATE',
  dueDays: [1, 4],
  dueTime: '19:30',
  missedPenalty: 1.5,
});

/** The coming turns of the bins, as GET /chores/{id}/turns answers. */
function turnsOf(first: typeof lily, second: typeof lily, swapped = false) {
  return {
    choreId: bins.id,
    turns: [
      { startsOn: '2030-03-04', endsOn: '2030-03-04', child: { id: first.id, name: first.name }, swapped },
      { startsOn: '2030-03-07', endsOn: '2030-03-07', child: { id: second.id, name: second.name }, swapped },
    ],
  };
}

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
    if (method === 'GET' && path === '/children') return jsonResponse(200, [lily, max]);
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
    // Only a chore with due days can be missed.
    expect(within(dialog).queryByLabelText('Penalty if missed')).toBeNull();

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
      assignedChildIds: [],
      assignmentMode: 'EACH',
      dueDays: [],
      dueTime: null,
      missedPenalty: 0,
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
    const { requests } = stubParentApi();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Retire Mow lawn' }));
    const question = screen.getByRole('dialog', { name: 'Retire Mow lawn' });
    expect(within(question).getByText('Retire Mow lawn? It leaves the chore list; its history stays.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Retire Mow lawn' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Retire Mow lawn' })).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Mow lawn' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Garden' })).toBeNull();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/chores/chore-2',
    ]);
  });

  it('lets a family without categories name its first one inside the Add Chore form', async () => {
    const user = userEvent.setup();
    const chores = { id: 'cat-new', name: 'Chores', description: null };
    const { requests } = stubParentApi((request) => {
      if (request.method === 'POST' && request.path === '/categories') {
        const name = (request.body as { name: string }).name;
        return name === 'Kitchen'
          ? jsonResponse(409, { error: 'Conflict', code: 'CATEGORY_NAME_TAKEN', message: 'A category with this name already exists' })
          : jsonResponse(201, { ...chores, name });
      }
      return undefined;
    }, []);
    renderPage();
    const link = await screen.findByRole('link', { name: 'set up your categories' });
    expect(link.getAttribute('href')).toBe('/categories');

    await user.click(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Chore' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Chore' });
    // No category to choose yet: the form asks for the first one's name.
    expect(within(dialog).queryByLabelText('Category')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Category name'), 'Kitchen{Enter}');
    expect(await within(dialog).findByText('A category with this name already exists')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Chore' })).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Category name'));
    await user.type(within(dialog).getByLabelText('Category name'), 'Chores');
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect((await within(dialog).findByLabelText<HTMLSelectElement>('Category')).value).toBe(chores.id);

    await user.type(within(dialog).getByLabelText('Name'), 'Feed the cat');
    await user.type(within(dialog).getByLabelText('Base Reward'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'POST' && request.path === '/chores')?.body).toMatchObject({
      name: 'Feed the cat',
      categoryId: chores.id,
    });
  });
});

describe('ChoresPage: who does a chore, and when', () => {
  /** The bins rotate between Lily and Max; `more` answers first. */
  function stubWithBins(more: (request: ApiRequest) => Response | undefined = () => undefined) {
    let turns = turnsOf(lily, max);
    return stubParentApi((request) => {
      const answer = more(request);
      if (answer) return answer;
      if (request.method === 'GET' && request.path === '/chores') return jsonResponse(200, [bins, lawn]);
      if (request.method === 'GET' && request.path.startsWith(`/chores/${bins.id}/turns`)) return jsonResponse(200, turns);
      if (request.method === 'POST' && request.path === `/chores/${bins.id}/turns/swap`) {
        turns = turnsOf(max, lily, true);
        return jsonResponse(200, turns);
      }
      if (request.method === 'PUT' && request.path === `/chores/${bins.id}`) {
        return jsonResponse(200, { ...bins, ...(request.body as Partial<Chore>) });
      }
      return undefined;
    });
  }

  it('says who does each chore, when it is due and whose turn it is', async () => {
    stubWithBins();
    renderPage();
    const row = await screen.findByRole('listitem', { name: 'Take out bins' });
    expect(within(row).getByText('Lily and Max take turns, one each due day.')).toBeTruthy();
    expect(within(row).getByText('Mon, Thu by 7:30 PM')).toBeTruthy();
    expect(await within(row).findByText("Now: Lily's turn")).toBeTruthy();
    expect(within(row).getByText('Next: Max')).toBeTruthy();
    const mowing = screen.getByRole('listitem', { name: 'Mow lawn' });
    expect(within(mowing).getByText('Every child can do it, each on their own.')).toBeTruthy();
    expect(within(mowing).queryByRole('button', { name: /Swap turns/ })).toBeNull();
  });

  it('says whose turn the current one was when it passed on from a paused child', async () => {
    // Lily is away today: Max has her turn, and the next by the order.
    const { turns } = turnsOf(max, max);
    const passed = { choreId: bins.id, turns: [{ ...turns[0], covering: { id: lily.id, name: lily.name } }, turns[1]] };
    stubWithBins((request) =>
      request.method === 'GET' && request.path.startsWith(`/chores/${bins.id}/turns`) ? jsonResponse(200, passed) : undefined,
    );
    renderPage();
    const row = await screen.findByRole('listitem', { name: 'Take out bins' });
    expect(await within(row).findByText("Now: Max's turn")).toBeTruthy();
    expect(within(row).getByText('For Lily, paused')).toBeTruthy();
  });

  it('creates a chore for two children taking turns on chosen days by a time', async () => {
    const user = userEvent.setup();
    const { requests } = stubWithBins();
    renderPage();
    await screen.findByRole('listitem', { name: 'Take out bins' });

    await user.click(screen.getByRole('button', { name: 'Add Chore' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Chore' });
    await user.type(within(dialog).getByLabelText('Name'), 'Feed the cat');
    await user.type(within(dialog).getByLabelText('Base Reward'), '1');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Kitchen');
    expect(within(dialog).getByText('Every child can do it, each on their own.')).toBeTruthy();

    // Turns need two children: the form says so on the children, before sending.
    await user.selectOptions(within(dialog).getByLabelText('How they share it'), 'They take turns');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Max' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));
    const who = within(dialog).getByRole('group', { name: 'Who does it' });
    expect(within(who).getByRole('alert').textContent).toBe('Choose at least two children to take turns');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Lily' }));
    expect(within(dialog).getByText('Max and Lily take turns, one each day.')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Due on Saturday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Due on Tuesday' }));
    expect(within(dialog).getByText('Max and Lily take turns, one each due day.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Due by'), '08:15');
    const penalty = within(dialog).getByLabelText<HTMLInputElement>('Penalty if missed');
    expect([penalty.type, penalty.step, penalty.min]).toEqual(['number', '0.01', '0']);
    expect(within(dialog).getByText(/never below zero/)).toBeTruthy();
    await user.type(penalty, '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));
    expect(fieldErrorOf(penalty)).toBe('Missed penalty must be at most 10000.00');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await user.clear(penalty);
    await user.type(penalty, '0.75');
    await user.click(within(dialog).getByRole('button', { name: 'Add Chore' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      name: 'Feed the cat',
      assignedChildIds: [max.id, lily.id],
      assignmentMode: 'ROTATE',
      dueDays: [2, 6],
      dueTime: '08:15',
      missedPenalty: 0.75,
    });
  });

  it('keeps the assignment and schedule when only the title is edited', async () => {
    const user = userEvent.setup();
    const { requests } = stubWithBins();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Take out bins' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Take out bins' });
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Lily' }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Max' }).checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLSelectElement>('How they share it').value).toBe('ROTATE');
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Due on Monday' }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Due on Tuesday' }).checked).toBe(false);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Due by').value).toBe('19:30');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Penalty if missed').value).toBe('1.50');

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Bins out');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: `/chores/${bins.id}`,
      body: {
        name: 'Bins out',
        assignedChildIds: [lily.id, max.id],
        assignmentMode: 'ROTATE',
        dueDays: [1, 4],
        dueTime: '19:30',
        missedPenalty: 1.5,
      },
    });
  });

  it('sets the due days a parent picks most with one tap', async () => {
    const user = userEvent.setup();
    const { requests } = stubWithBins();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Take out bins' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Take out bins' });
    const ticked = () =>
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].filter(
        (day) => within(dialog).getByRole<HTMLInputElement>('checkbox', { name: `Due on ${day}` }).checked,
      );
    await user.click(within(dialog).getByRole('button', { name: 'Weekends' }));
    expect(ticked()).toEqual(['Saturday', 'Sunday']);
    await user.click(within(dialog).getByRole('button', { name: 'Every day' }));
    expect(ticked()).toHaveLength(7);
    await user.click(within(dialog).getByRole('button', { name: 'School days' }));
    expect(ticked()).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ dueDays: [1, 2, 3, 4, 5] });
  });

  it('takes the penalty off with the due days, as a chore without them cannot be missed', async () => {
    const user = userEvent.setup();
    const { requests } = stubWithBins();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Take out bins' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Take out bins' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Due on Monday' }));
    expect(within(dialog).getByLabelText('Penalty if missed')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Due on Thursday' }));
    expect(within(dialog).queryByLabelText('Penalty if missed')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Due by'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ dueDays: [], dueTime: null, missedPenalty: 0 });
  });

  it("shows the server's problem with the penalty beside it", async () => {
    const user = userEvent.setup();
    stubWithBins(({ method }) =>
      method === 'PUT'
        ? jsonResponse(400, {
            error: 'Validation failed',
            message: 'Missed penalty must be an amount in dollars and cents',
            details: [{ field: 'missedPenalty', message: 'Missed penalty must be an amount in dollars and cents' }],
          })
        : undefined,
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Take out bins' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Take out bins' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const penalty = within(dialog).getByLabelText('Penalty if missed');
    await waitFor(() => expect(fieldErrorOf(penalty)).toBe('Missed penalty must be an amount in dollars and cents'));
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Missed penalty must be an amount in dollars and cents',
    ]);
  });

  it("shows the server's problem with the children or the days beside them", async () => {
    const user = userEvent.setup();
    stubWithBins(({ method }) =>
      method === 'PUT'
        ? jsonResponse(400, {
            error: 'Validation failed',
            message: 'Each assigned child must be a child of this family',
            details: [
              { field: 'assignedChildIds', message: 'Each assigned child must be a child of this family' },
              { field: 'dueDays', message: 'Due days must be weekdays from 1 (Monday) to 7 (Sunday)' },
            ],
          })
        : undefined,
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Take out bins' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Take out bins' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const who = within(dialog).getByRole('group', { name: 'Who does it' });
    expect((await within(who).findByRole('alert')).textContent).toBe('Each assigned child must be a child of this family');
    const days = within(dialog).getByRole('group', { name: 'Due days' });
    expect(within(days).getByRole('alert').textContent).toBe('Due days must be weekdays from 1 (Monday) to 7 (Sunday)');
    expect(who.getAttribute('aria-describedby')).toContain(within(who).getByRole('alert').id);
  });

  it('swaps turns, and shows why a swap is refused', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { requests } = stubWithBins(({ method, path }) =>
      method === 'POST' && path.endsWith('/turns/swap') && refuse
        ? jsonResponse(409, { error: 'Conflict', message: 'Lily has already done this turn' })
        : undefined,
    );
    renderPage();
    const row = await screen.findByRole('listitem', { name: 'Take out bins' });
    await within(row).findByText("Now: Lily's turn");

    await user.click(within(row).getByRole('button', { name: 'Swap turns: Take out bins' }));
    let dialog = screen.getByRole('dialog', { name: 'Swap turns: Take out bins' });
    const to = within(dialog).getByLabelText<HTMLSelectElement>('Give this turn to');
    expect(within(to).getAllByRole('option').map((option) => option.textContent)).toEqual(['Max']);
    await user.click(within(dialog).getByRole('button', { name: 'Swap' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Lily has already done this turn');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Swap' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.path.endsWith('/turns/swap')).at(-1)?.body).toEqual({
      childId: max.id,
      date: null,
    });
    expect(await within(row).findByText("Now: Max's turn")).toBeTruthy();
    expect(within(row).getByText('Swapped')).toBeTruthy();
    dialog = within(row).getByRole('group', { name: 'Turns' });
    expect(within(dialog).getByText('Next: Lily')).toBeTruthy();
  });
});

describe('ChoresPage for children', () => {
  it('shows My Chores read-only, with when each chore opens again (an ADULT child: the date, time and days left)', async () => {
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

  it('tells a KIDS child in the days they count when a chore opens again, on the family calendar', async () => {
    signIn(childUser('MONEY'));
    stubApi(({ path }) => {
      if (path === '/chores') return jsonResponse(200, [dishes, lawn]);
      if (path === '/submissions/availability') {
        return jsonResponse(200, [
          { choreId: dishes.id, isAvailable: false, nextAvailableAt: '2030-03-05T09:00:00Z', daysRemaining: 2 },
          { choreId: lawn.id, isAvailable: false, nextAvailableAt: '2030-03-04T06:00:00Z', daysRemaining: 1 },
        ]);
      }
      // The family's day: Sunday 3 March 2030.
      if (path === '/chores/today') return jsonResponse(200, { date: '2030-03-03', timeZone: 'UTC', children: [] });
      return undefined;
    });
    renderPage();

    const washing = await screen.findByRole('listitem', { name: 'Wash dishes' });
    expect(await within(washing).findByText('You can do it again on Tuesday.')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Mow lawn' })).getByText('You can do it again tomorrow.')).toBeTruthy();
    expect(screen.queryByText(/Available again on/)).toBeNull();
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
