import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { offlineMessage } from '@/components/layouts/offline-banner';
import { jsonResponse, userWithRole } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

describe('the app offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('shows a screen with the offline banner and its failed-load state rather than waiting for the network', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    // As after the browser's 'offline' event: calls are still made (and fail) instead of waiting.
    onlineManager.setOnline(false);
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    signIn(userWithRole('ORG_ADMIN'));

    renderRoute('/chores');

    expect(await screen.findByRole('heading', { name: 'Chores', level: 1 })).toBeTruthy();
    expect(screen.getByText(offlineMessage())).toBeTruthy();
    // The list's failed load shows nothing (spec §8), not a spinner that never ends.
    await waitFor(() => expect(screen.queryByText('Loading chores…')).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/chores', expect.anything());
  });

  it('loads the screen again once back online, and the banner goes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    signIn(userWithRole('ORG_ADMIN'));
    renderRoute('/chores');
    await screen.findByText(offlineMessage());
    await waitFor(() => expect(screen.queryByText('Loading chores…')).toBeNull());

    // Back online, the server answers: no chores and no categories yet.
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, [])));
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByText('No chores yet. Use Add Chore to create your first one.')).toBeTruthy();
    expect(screen.queryByText(offlineMessage())).toBeNull();
  });
});
