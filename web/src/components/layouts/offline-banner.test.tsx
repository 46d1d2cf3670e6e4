import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { offlineMessage, OfflineBanner } from './offline-banner';
import { api } from '@/lib/api-client';
import { upload } from '@/lib/upload';
import { stubUpload } from '@/testing/fake-upload';
import { jsonResponse } from '@/testing/fixtures';

/** What navigator.onLine says, as the browser would change it. */
function browserOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
}

/** The browser goes offline or comes back, with the event it fires. */
function goOnline(online: boolean) {
  browserOnline(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** The polite live region the banner speaks through. */
function region() {
  return screen.getByRole('status');
}

describe('OfflineBanner', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    browserOnline(true);
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('says nothing while online, through a polite live region kept in the page', () => {
    render(<OfflineBanner />);
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toBe('');
  });

  it('appears when the browser goes offline and goes away when it is back online', () => {
    render(<OfflineBanner />);

    goOnline(false);
    expect(region().textContent).toBe(offlineMessage());
    expect(offlineMessage()).toBe("You are offline. Changes can't be saved until you're back online.");

    goOnline(true);
    expect(region().textContent).toBe('');
  });

  it('shows at once when the app opens offline', () => {
    browserOnline(false);
    render(<OfflineBanner />);
    expect(region().textContent).toBe(offlineMessage());
  });

  it('appears when an API call gets no answer and goes away once a call is answered', async () => {
    render(<OfflineBanner />);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(() => expect(api.get('/chores')).rejects.toThrow(TypeError));
    expect(region().textContent).toBe(offlineMessage());

    // Any answer, even a refusal, means the server can be reached again.
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { error: 'Not found' }));
    await act(() => expect(api.get('/chores/unknown')).rejects.toThrow('Not found'));
    expect(region().textContent).toBe('');
  });

  it("goes away after a failed call when the browser fires 'online'", async () => {
    render(<OfflineBanner />);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(() => expect(api.get('/chores')).rejects.toThrow(TypeError));
    expect(region().textContent).toBe(offlineMessage());

    goOnline(true);
    expect(region().textContent).toBe('');
  });

  it('takes no call the app itself cancelled for being offline', async () => {
    render(<OfflineBanner />);
    fetchMock.mockRejectedValueOnce(new DOMException('The user aborted a request.', 'AbortError'));
    await act(() => expect(api.get('/chores')).rejects.toThrow('aborted'));
    expect(region().textContent).toBe('');
  });

  it('appears when a photo upload gets no answer, and goes when one is answered', async () => {
    const requests = stubUpload();
    render(<OfflineBanner />);

    const failed = upload('/submissions', new FormData());
    act(() => requests[0]!.failNetwork());
    await expect(failed).rejects.toThrow(TypeError);
    expect(region().textContent).toBe(offlineMessage());

    const sent = upload('/submissions', new FormData());
    act(() => requests[1]!.respond(201, { id: 's1' }));
    await expect(sent).resolves.toEqual({ id: 's1' });
    expect(region().textContent).toBe('');
  });
});
