import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { buildSubmission } from '@/testing/chores';
import { jsonResponse, userWithRole } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

/** A queue of two that loses each submission a review (2xx) takes. */
function stubQueue() {
  let pending = [buildSubmission(), buildSubmission({ id: 'sub-2', childName: 'Alex' })];
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/submissions?status=PENDING') return jsonResponse(200, pending);
    if (method === 'GET' && path === '/children') return jsonResponse(200, []);
    if (method === 'PATCH') {
      const reviewed = pending.find((submission) => path === `/submissions/${submission.id}/review`);
      pending = pending.filter((submission) => submission !== reviewed);
      return jsonResponse(200, { ...reviewed, status: 'APPROVED' });
    }
    return undefined;
  });
}

describe('The pending count beside Reviews', () => {
  it('names how many submissions wait, and follows each review', async () => {
    const user = userEvent.setup();
    stubQueue();
    signIn(userWithRole('ORG_ADMIN'));
    renderRoute('/approval');

    await screen.findByRole('region', { name: 'Wash dishes by Sam' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const reviews = await within(nav).findByRole('link', { name: 'Reviews, 2 waiting' });
    expect(reviews.textContent).toBe('Reviews2Reviews, 2 waiting');

    const sam = await screen.findByRole('region', { name: 'Wash dishes by Sam' });
    await user.click(within(sam).getByRole('button', { name: 'Approve' }));
    expect(await within(nav).findByRole('link', { name: 'Reviews, 1 waiting' })).toBe(reviews);

    const alex = screen.getByRole('region', { name: 'Wash dishes by Alex' });
    await user.click(within(alex).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Reviews' })).toBe(reviews));
  });

  it('is not asked for by children, who have no queue', async () => {
    const { requests } = stubQueue();
    signIn(userWithRole('ORG_MEMBER'));
    renderRoute('/chores');
    await screen.findByRole('heading', { name: 'My Chores', level: 1 });
    expect(requests.some((request) => request.path.startsWith('/submissions?status=PENDING'))).toBe(false);
  });
});

describe('The pending count beside Store', () => {
  it('names how many store requests wait for a decision', async () => {
    const waiting = [{ id: 'red-1' }, { id: 'red-2' }];
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/store/redemptions?status=PENDING') return jsonResponse(200, waiting);
      if (method === 'GET' && path === '/submissions?status=PENDING') return jsonResponse(200, []);
      if (method === 'GET' && path === '/children') return jsonResponse(200, []);
      return undefined;
    });
    signIn(userWithRole('ORG_ADMIN'));
    renderRoute('/approval');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const store = await within(nav).findByRole('link', { name: 'Store, 2 waiting' });
    expect(store.textContent).toBe('Store2Store, 2 waiting');
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toBeTruthy();
    expect(requests.some((request) => request.path === '/store/redemptions?status=PENDING')).toBe(true);
  });

  it('is not asked for by children, whose Store has no queue', async () => {
    const { requests } = stubApi(() => undefined);
    signIn(userWithRole('ORG_MEMBER'));
    renderRoute('/chores');
    await screen.findByRole('heading', { name: 'My Chores', level: 1 });
    expect(requests.some((request) => request.path.startsWith('/store/redemptions'))).toBe(false);
  });
});
