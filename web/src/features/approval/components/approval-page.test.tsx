import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ApprovalPage } from './approval-page';
import { buildChore, buildSubmission, garden } from '@/testing/chores';
import { jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, stubApi, type ApiRequest } from '@/testing/test-utils';
import { formatDateTime } from '@/utils/format';

const first = buildSubmission({
  notes: 'Every plate!',
  photoUrl: 'https://photos.example/signed/sub-1.png?sig=abc',
});
const second = buildSubmission({
  id: 'sub-2',
  childId: 'child-2',
  childName: 'Alex',
  chore: buildChore({ id: 'chore-2', name: 'Mow lawn', category: garden, categoryId: garden.id }),
  baseReward: 5,
});

/** The queue holds `first` and `second` until a review the server takes (2xx) removes one. */
function renderPage(more: (request: ApiRequest) => Response | undefined = () => undefined) {
  let pending = [first, second];
  const api = stubApi((request) => {
    if (request.method === 'GET' && request.path === '/submissions?status=PENDING') return jsonResponse(200, pending);
    const answer = more(request);
    if (request.method === 'PATCH' && answer?.ok) {
      pending = pending.filter((submission) => request.path !== `/submissions/${submission.id}/review`);
    }
    return answer;
  });
  renderWithProviders(
    <MemoryRouter>
      <ApprovalPage />
    </MemoryRouter>,
  );
  return api;
}

describe('ApprovalPage', () => {
  it('shows the pending submissions in the order given, oldest first, with their details', async () => {
    renderPage();

    const cards = await screen.findAllByRole('region');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Wash dishes by Sam', 'Mow lawn by Alex']);
    const card = cards[0]!;
    expect(within(card).getByRole('heading', { name: 'Wash dishes' })).toBeTruthy();
    expect(within(card).getByText('Kitchen')).toBeTruthy();
    expect(within(card).getByText('Sam')).toBeTruthy();
    expect(within(card).getByText(formatDateTime(first.completedAt))).toBeTruthy();
    expect(within(card).getByText(formatDateTime(first.submittedAt))).toBeTruthy();
    expect(within(card).getByText('$1.50')).toBeTruthy();
    expect(within(card).getByText('Every plate!')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Photo proof of Wash dishes' }).getAttribute('src')).toBe(first.photoUrl);
    expect(within(cards[1]!).queryByRole('img')).toBeNull();
    expect(within(cards[1]!).queryByText('Notes')).toBeNull();
  });

  it("shows each submission's reward in its child's unit from the children list", async () => {
    const { requests } = renderPage(({ method, path }) =>
      method === 'GET' && path === '/children'
        ? jsonResponse(200, [
            { id: 'child-1', name: 'Sam', rewardDisplayType: 'POINTS' },
            { id: 'child-2', name: 'Alex', rewardDisplayType: 'SCREEN_TIME' },
          ])
        : undefined,
    );
    const sam = await screen.findByRole('region', { name: 'Wash dishes by Sam' });
    expect(await within(sam).findByText('1.50 pts', { exact: true })).toBeTruthy();
    const alex = screen.getByRole('region', { name: 'Mow lawn by Alex' });
    expect(within(alex).getByText('5.00 hrs', { exact: true })).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(requests.filter((request) => request.path === '/children')).toHaveLength(1);
  });

  it('shows a bare number for a custom unit and dollars for money', async () => {
    renderPage(({ method, path }) =>
      method === 'GET' && path === '/children'
        ? jsonResponse(200, [
            { id: 'child-1', name: 'Sam', rewardDisplayType: 'CUSTOM' },
            { id: 'child-2', name: 'Alex', rewardDisplayType: 'MONEY' },
          ])
        : undefined,
    );
    const sam = await screen.findByRole('region', { name: 'Wash dishes by Sam' });
    expect(await within(sam).findByText('1.50', { exact: true })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Mow lawn by Alex' })).getByText('$5.00')).toBeTruthy();
  });

  it('opens the photo larger', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Photo proof of Wash dishes' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo proof' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(first.photoUrl);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('approves with the admin notes and takes the card out of the queue', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage(({ method, path }) =>
      method === 'PATCH' && path === '/submissions/sub-1/review'
        ? jsonResponse(200, { ...first, status: 'APPROVED', approved: true })
        : undefined,
    );
    const card = await screen.findByRole('region', { name: 'Wash dishes by Sam' });

    await user.type(within(card).getByLabelText('Admin Notes'), ' Great job! ');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Wash dishes by Sam' })).toBeNull());
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      status: 'APPROVED',
      adminNotes: 'Great job!',
    });
    expect(screen.getByRole('region', { name: 'Mow lawn by Alex' })).toBeTruthy();
    // The queue and the children (their balances) are loaded again after the review.
    const loads = (path: string) => requests.filter((request) => request.method === 'GET' && request.path === path);
    expect(loads('/submissions?status=PENDING')).toHaveLength(2);
    expect(loads('/children')).toHaveLength(2);
  });

  it('rejects without notes, and says so when the queue is empty', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage(({ method }) =>
      method === 'PATCH' ? jsonResponse(200, { ...second, status: 'REJECTED' }) : undefined,
    );
    const card = await screen.findByRole('region', { name: 'Mow lawn by Alex' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Mow lawn by Alex' })).toBeNull());
    expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({
      path: '/submissions/sub-2/review',
      body: { status: 'REJECTED' },
    });

    await user.click(within(screen.getByRole('region', { name: 'Wash dishes by Sam' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No submissions waiting for review')).toBeTruthy();
  });

  it("keeps the card and shows the server's text when the review is refused", async () => {
    const user = userEvent.setup();
    renderPage(({ method }) =>
      method === 'PATCH' ? jsonResponse(409, { error: 'Conflict', message: 'This submission was already reviewed' }) : undefined,
    );
    const card = await screen.findByRole('region', { name: 'Wash dishes by Sam' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('This submission was already reviewed');
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Approve' }).disabled).toBe(false);
  });

  it('says when nothing waits for review', async () => {
    stubApi(({ path }) => (path === '/submissions?status=PENDING' ? jsonResponse(200, []) : undefined));
    renderWithProviders(
      <MemoryRouter>
        <ApprovalPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No submissions waiting for review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/history');
  });
});

describe('What an approval will pay', () => {
  const boosted = buildSubmission({
    baseReward: 5,
    payPreview: {
      reward: 9,
      multiplier: { total: 1.8, grade: 1.5, behaviour: 1.2, streak: 1, bonusesDisabled: false, streakDays: 2 },
    },
  });

  function renderQueue(submissions: unknown[]) {
    stubApi(({ method, path }) =>
      method === 'GET' && path === '/submissions?status=PENDING' ? jsonResponse(200, submissions) : undefined,
    );
    renderWithProviders(
      <MemoryRouter>
        <ApprovalPage />
      </MemoryRouter>,
    );
  }

  it('shows the base reward times the child’s multiplier, in words', async () => {
    renderQueue([boosted]);
    const card = await screen.findByRole('region', { name: 'Wash dishes by Sam' });
    const pays = within(card).getByText('Approval pays', { selector: 'dt' }).nextElementSibling;
    expect(pays?.textContent).toBe('$5.00 × 1.8 (grades × 1.5, behaviour × 1.2) = $9.00');
    expect(within(card).queryByText('Reward', { selector: 'dt' })).toBeNull();
  });

  it('says when bonuses are off, and falls back to the base reward without a preview', async () => {
    const capped = buildSubmission({
      id: 'sub-3',
      childName: 'Alex',
      baseReward: 5,
      payPreview: {
        reward: 4,
        multiplier: { total: 0.8, grade: 0.8, behaviour: 1, streak: 1, bonusesDisabled: true, streakDays: 0 },
      },
    });
    renderQueue([capped, buildSubmission({ id: 'sub-4', childName: 'Robin', payPreview: null })]);
    const alex = await screen.findByRole('region', { name: 'Wash dishes by Alex' });
    expect(within(alex).getByText('$5.00 × 0.8 for grades = $4.00')).toBeTruthy();
    expect(within(alex).getByText('Off: a D or F grade')).toBeTruthy();
    const robin = screen.getByRole('region', { name: 'Wash dishes by Robin' });
    expect(within(robin).getByText('Reward', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$1.50');
  });
});
