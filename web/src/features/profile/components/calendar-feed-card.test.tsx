import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildUser, jsonResponse } from '@/testing/fixtures';
import { renderRoute, signIn, stubApi } from '@/testing/test-utils';

const URL_ONCE = 'http://localhost:8080/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

afterEach(() => vi.unstubAllGlobals());

describe('Calendar feed card', () => {
  it('shows the address once when made, lists the feed and deletes it after a confirmation', async () => {
    const user = userEvent.setup();
    signIn(buildUser());
    let feeds: { id: string; createdAt: string; lastUsedAt: string | null }[] = [];
    const { requests } = stubApi(({ method, path }) => {
      if (path === '/users/me') return jsonResponse(200, buildUser());
      if (path === '/calendar/feeds' && method === 'GET') return jsonResponse(200, feeds);
      if (path === '/calendar/feeds' && method === 'POST') {
        feeds = [{ id: 'f1', createdAt: '2030-01-07T17:00:00Z', lastUsedAt: null }];
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
    await user.click(card.getByRole('button', { name: 'Create calendar feed' }));
    expect(await card.findByRole('textbox', { name: 'Calendar feed address' })).toHaveProperty('value', URL_ONCE);
    const list = await card.findByRole('list', { name: 'Your calendar feeds' });
    expect(within(list).getByText('Not read by a calendar yet')).toBeTruthy();

    const confirm = vi.fn<(message?: string) => boolean>().mockReturnValue(true);
    vi.stubGlobal('confirm', confirm);
    await user.click(within(list).getByRole('button', { name: /^Delete the feed made/ }));
    expect(confirm).toHaveBeenCalledWith('Delete this calendar feed? Calendars subscribed to it will stop updating.');
    await card.findByText('You have no calendar feed yet.');
    expect(card.queryByRole('textbox', { name: 'Calendar feed address' })).toBeNull();
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/calendar/feeds/f1')).toBe(true),
    );
  });
});
