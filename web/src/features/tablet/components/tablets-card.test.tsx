import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { Tablet } from '../types';
import { TabletsCard } from './tablets-card';
import { jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, stubApi } from '@/testing/test-utils';

const hall: Tablet = { id: 'tablet-1', name: 'Hall tablet', createdAt: '2030-01-07T12:00:00Z', lastUsedAt: null };

describe('Tablets card', () => {
  it('removes a tablet only once the question in the app is answered Remove', async () => {
    const user = userEvent.setup();
    let tablets = [hall];
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/organizations/tablets') return jsonResponse(200, tablets);
      if (method === 'DELETE' && path === '/organizations/tablets/tablet-1') {
        tablets = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderWithProviders(
      <MemoryRouter>
        <TabletsCard />
      </MemoryRouter>,
    );
    const remove = await screen.findByRole('button', { name: 'Remove Hall tablet' });

    await user.click(remove);
    const question = screen.getByRole('dialog', { name: 'Remove Hall tablet' });
    expect(
      within(question).getByText('Remove Hall tablet? It stops working at once, and anyone signed in on it is signed out.'),
    ).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(remove);
    const confirm = within(screen.getByRole('dialog', { name: 'Remove Hall tablet' })).getByRole('button', { name: 'Remove' });
    expect(confirm.className).toContain('btn--danger');
    await user.click(confirm);
    expect(await screen.findByText('No tablets set up yet.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/organizations/tablets/tablet-1',
    ]);
  });
});
