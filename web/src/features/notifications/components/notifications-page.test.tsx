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
});
