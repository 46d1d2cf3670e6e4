import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildChild } from '@/testing/children';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { fieldErrorOf, preloadAllScreens, renderRoute, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const URL_ONCE = 'http://localhost:8080/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';
const incorrect = 'Current password is incorrect';

afterEach(() => vi.unstubAllGlobals());

const feedCalls = (requests: ApiRequest[]) => requests.filter((request) => request.method !== 'GET' && request.path.startsWith('/calendar/feeds'));

/**
 * Opens Profile for Jane with the feeds the API keeps: POST makes one for the
 * password jane-secret (400 naming the field for any other), DELETE removes it.
 */
async function openCard() {
  const user = userEvent.setup();
  const jane = buildUser();
  signIn(jane);
  let feeds: { id: string; userId: string; childId: null; createdAt: string; lastUsedAt: string | null }[] = [];
  const api = stubApi(({ method, path, body }) => {
    if (path === '/users/me') return jsonResponse(200, jane);
    if (path === '/calendar/feeds' && method === 'GET') return jsonResponse(200, feeds);
    if (path === '/calendar/feeds' && method === 'POST') {
      if ((body as { currentPassword?: string }).currentPassword !== 'jane-secret') {
        return jsonResponse(400, { error: incorrect, message: incorrect, details: [{ field: 'currentPassword', message: incorrect }] });
      }
      feeds = [{ id: 'f1', userId: jane.id, childId: null, createdAt: '2030-01-07T17:00:00Z', lastUsedAt: null }];
      return jsonResponse(201, { id: 'f1', url: URL_ONCE, createdAt: '2030-01-07T17:00:00Z' });
    }
    if (path === '/calendar/feeds/f1' && method === 'DELETE') {
      feeds = [];
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  renderRoute('/profile');
  const card = within((await screen.findByRole('heading', { name: 'Calendar feed' })).closest('.card') as HTMLElement);
  await card.findByText('You have no calendar feed yet.');

  /** Opens the dialog making a feed and sends `password` (none: sends it empty). */
  const create = async (password: string) => {
    await user.click(card.getByRole('button', { name: 'Create calendar feed' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create calendar feed' }));
    if (password) await user.type(dialog.getByLabelText('Current Password'), password);
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    return dialog;
  };
  return { user, card, create, ...api };
}

describe('Calendar feed card', () => {
  it('asks for the password, shows the address once when made, lists the feed and deletes it after a confirmation', async () => {
    const { user, card, create, requests } = await openCard();
    const dialog = await create('jane-secret');
    expect(dialog.getByText('Enter your password to make a feed. Its address is shown once, right after.')).toBeTruthy();

    expect(await card.findByRole('textbox', { name: 'Calendar feed address' })).toHaveProperty('value', URL_ONCE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(feedCalls(requests).map((request) => [request.method, request.body])).toEqual([
      ['POST', { currentPassword: 'jane-secret' }],
    ]);
    const list = await card.findByRole('list', { name: "The family's calendar feeds" });
    expect(within(list).getByText('Yours')).toBeTruthy();
    expect(within(list).getByText('Not read by a calendar yet')).toBeTruthy();

    const remove = within(list).getByRole('button', { name: /^Delete the feed made/ });
    await user.click(remove);
    const question = screen.getByRole('dialog', { name: remove.getAttribute('aria-label')! });
    expect(within(question).getByText('Delete this calendar feed? Calendars subscribed to it will stop updating.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(remove);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await card.findByText('You have no calendar feed yet.');
    expect(card.queryByRole('textbox', { name: 'Calendar feed address' })).toBeNull();
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/calendar/feeds/f1')).toBe(true),
    );
  });

  it('shows a wrong password beside the field, and makes no feed', async () => {
    const { card, create, requests } = await openCard();
    const dialog = await create('wrong-secret');

    await waitFor(() => expect(fieldErrorOf(dialog.getByLabelText('Current Password'))).toBe(incorrect));
    expect(dialog.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([incorrect]);
    expect(screen.getByRole('dialog', { name: 'Create calendar feed' })).toBeTruthy();
    expect(card.queryByRole('textbox', { name: 'Calendar feed address' })).toBeNull();
    expect(card.getByText('You have no calendar feed yet.')).toBeTruthy();
    expect(feedCalls(requests)).toHaveLength(1);
  });

  it('asks for the password before sending, and Cancel makes nothing', async () => {
    const { user, card, create, requests } = await openCard();
    const dialog = await create('');
    expect(fieldErrorOf(dialog.getByLabelText('Current Password'))).toBe('Current password is required');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(card.queryByRole('textbox', { name: 'Calendar feed address' })).toBeNull();
    expect(feedCalls(requests)).toEqual([]);
  });
});

describe("A parent's list of the family's feeds", () => {
  const jane = buildUser();
  const feed = (id: string, userId: string, childId: string | null = null) => ({
    id,
    userId,
    childId,
    createdAt: '2030-01-07T17:00:00Z',
    lastUsedAt: null,
  });
  const members = [
    { id: 'user-1', email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', role: 'ORG_ADMIN', isActive: true, childId: null },
    { id: 'user-3', email: 'tom@example.com', firstName: 'Tom', lastName: 'Doe', role: 'ORG_ADMIN', isActive: true, childId: null },
    { id: 'user-4', email: 'ana@example.com', firstName: '', lastName: '', role: 'ORG_ADMIN', isActive: true, childId: null },
    { id: 'user-9', email: 'sam@example.com', firstName: 'Sam', lastName: 'Doe', role: 'ORG_MEMBER', isActive: true, childId: 'child-1' },
  ];

  it("names whose each feed is, from the members and children, and deletes another member's", async () => {
    const user = userEvent.setup();
    signIn(jane);
    let feeds = [
      feed('f-own', 'user-1'),
      feed('f-tom', 'user-3'),
      feed('f-ana', 'user-4'),
      feed('f-sam', 'user-9', 'child-1'),
      feed('f-gone', 'user-7'),
    ];
    const { requests } = stubApi(({ method, path }) => {
      if (path === '/users/me') return jsonResponse(200, jane);
      if (path === '/organizations/members') return jsonResponse(200, members);
      // The family calls Sam "Sammy": a child's feed goes by the child's name.
      if (path === '/children') return jsonResponse(200, [buildChild({ name: 'Sammy' })]);
      if (path === '/calendar/feeds' && method === 'GET') return jsonResponse(200, feeds);
      if (path === '/calendar/feeds/f-sam' && method === 'DELETE') {
        feeds = feeds.filter((kept) => kept.id !== 'f-sam');
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderRoute('/profile');

    const list = await screen.findByRole('list', { name: "The family's calendar feeds" });
    expect(
      screen.getByText('As a parent, you see the feeds of everyone in the family, and can delete any of them.'),
    ).toBeTruthy();
    const names = () => within(list).getAllByRole('listitem').map((item) => item.querySelector('.tablets-list__name')?.textContent);
    await waitFor(() => expect(names()).toEqual(['Yours', 'Tom Doe', 'ana@example.com', 'Sammy', 'A family member']));
    const deletes = within(list).getAllByRole('button', { name: /^Delete the feed made/ });
    expect(deletes).toHaveLength(5);
    expect(deletes[1]?.getAttribute('aria-label')).toMatch(/^Delete the feed made .+ \(Tom Doe\)$/);

    await user.click(within(list).getByRole('button', { name: /\(Sammy\)$/ }));
    const question = screen.getByRole('dialog', { name: /^Delete the feed made .+ \(Sammy\)$/ });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['Yours', 'Tom Doe', 'ana@example.com', 'A family member']));
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/calendar/feeds/f-sam',
    ]);
  });

  it("is a child's own list for a child, asking for no one's names", async () => {
    const sam = childUser('MONEY');
    signIn(sam);
    const { requests } = stubApi(({ method, path }) => {
      if (path === '/users/me') return jsonResponse(200, sam);
      if (path === '/calendar/feeds' && method === 'GET') return jsonResponse(200, [feed('f-sam', sam.id, 'child-1')]);
      return undefined;
    });
    renderRoute('/profile');

    const list = await screen.findByRole('list', { name: 'Your calendar feeds' });
    expect(within(list).getByText(/^Feed made /).className).toBe('tablets-list__name');
    expect(within(list).queryByText('Yours')).toBeNull();
    expect(screen.queryByText(/As a parent/)).toBeNull();
    expect(requests.some((request) => request.path === '/organizations/members' || request.path === '/children')).toBe(false);
  });
});
