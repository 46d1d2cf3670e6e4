import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { NotificationsPage } from './notifications-page';
import { childUser, jsonResponse } from '@/testing/fixtures';
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
});
