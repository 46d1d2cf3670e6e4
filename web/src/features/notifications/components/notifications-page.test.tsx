import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { NotificationsPage } from './notifications-page';
import { childUser, jsonResponse, userWithRole } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';

const reminder = {
  id: 'n-1',
  kind: 'DUE_REMINDER',
  data: { choreId: 'chore-1', choreName: 'Dishes', dueOn: '2030-01-07', dueTime: '17:00' },
  createdAt: '2030-01-07T21:00:00Z',
  readAt: null,
};

describe('NotificationsPage', () => {
  it('names the chore that is due and its time, the language’s way', async () => {
    signIn(childUser('MONEY'));
    stubApi((request) =>
      request.path === '/notifications' ? jsonResponse(200, { notifications: [reminder], unread: 1 }) : undefined,
    );
    renderWithProviders(
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('"Dishes" is due at 5:00 PM and is not done yet')).toBeTruthy();
  });

  it('names the chore a review was of, and keeps the old words for one from before chores were named', async () => {
    signIn(childUser('MONEY'));
    const review = (id: string, data: Record<string, unknown>) => ({
      id,
      kind: 'REVIEW',
      data: { submissionId: `s-${id}`, choreId: 'chore-1', ...data },
      createdAt: '2030-01-07T21:00:00Z',
      readAt: null,
    });
    const list = [
      review('n-1', { choreName: 'Dishes', approved: true, reward: 1.5 }),
      review('n-2', { choreName: 'Beds', approved: false, reward: 0 }),
      review('n-3', { approved: false, reward: 0 }),
    ];
    stubApi((request) =>
      request.path === '/notifications' ? jsonResponse(200, { notifications: list, unread: 3 }) : undefined,
    );
    renderWithProviders(
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('"Dishes" was approved: you earned $1.50')).toBeTruthy();
    expect(screen.getByText('"Beds" was not approved this time')).toBeTruthy();
    expect(screen.getByText('Your chore was not approved this time')).toBeTruthy();
  });

  it("shows the parent's note on a rejection", async () => {
    signIn(childUser('MONEY'));
    const rejected = {
      id: 'n-1',
      kind: 'REVIEW',
      data: { submissionId: 's-1', choreId: 'chore-1', choreName: 'Beds', approved: false, reward: 0, note: 'Pillows too' },
      createdAt: '2030-01-07T21:00:00Z',
      readAt: null,
    };
    stubApi((request) =>
      request.path === '/notifications' ? jsonResponse(200, { notifications: [rejected], unread: 1 }) : undefined,
    );
    renderWithProviders(
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('"Beds" was not approved this time')).toBeTruthy();
    expect(screen.getByText('Note: “Pillows too”')).toBeTruthy();
  });

  it('opens what a notification is about and marks it read on the way', async () => {
    const user = userEvent.setup();
    signIn(userWithRole('ORG_ADMIN'));
    const sent = {
      id: 'n-7',
      kind: 'SUBMISSION',
      data: { submissionId: 's-1', childId: 'child-1', choreId: 'chore-1', choreName: 'Dishes' },
      createdAt: '2030-01-07T21:00:00Z',
      readAt: null,
    };
    const { requests } = stubApi((request) => {
      if (request.path === '/notifications') return jsonResponse(200, { notifications: [sent], unread: 1 });
      if (request.path === '/children') return jsonResponse(200, [{ id: 'child-1', name: 'Mia' }]);
      if (request.method === 'POST' && request.path === '/notifications/read') return jsonResponse(200, { marked: 1, unread: 0 });
      return undefined;
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/notifications']}>
        <Routes>
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="/approval" element={<p>Review queue</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('link', { name: 'Mia sent "Dishes" for review' }));
    expect(await screen.findByText('Review queue')).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', path: '/notifications/read', body: { ids: ['n-7'] } },
      ]),
    );
  });
});
