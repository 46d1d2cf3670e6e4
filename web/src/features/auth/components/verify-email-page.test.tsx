import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { renderRoute, signIn } from '@/testing/test-utils';

/** A fetch whose GET /users/me answers only when the test says so. */
function holdAccountReads() {
  const held: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/users/me')) return new Promise<Response>((resolve) => held.push(resolve));
      if (url.endsWith('/auth/verify-email')) return Promise.resolve(jsonResponse(200, { email: 'jane@example.com' }));
      return Promise.resolve(jsonResponse(404, { error: 'Not found', message: 'Not found' }));
    }),
  );
  return held;
}

/** Answers the held read at `index`, which must have been made. */
function answerRead(held: ((response: Response) => void)[], index: number, response: Response) {
  const answer = held[index];
  if (!answer) throw new Error(`read ${index} was never made`);
  answer(response);
}

describe('VerifyEmailPage', () => {
  it('keeps the account verified when a read begun before the verification answers after it', async () => {
    signIn(buildUser({ email: 'jane@example.com', emailVerified: false }));
    const heldReads = holdAccountReads();

    renderRoute('/verify-email/tok-1');
    await screen.findByText('jane@example.com is verified. Thank you!');
    expect(useSessionStore.getState().user?.emailVerified).toBe(true);

    // The page load's read of the account reached the server before the
    // verification did, and answers only now, with the account as it was.
    expect(heldReads.length).toBeGreaterThan(0);
    for (const answer of heldReads) answer(jsonResponse(200, buildUser({ email: 'jane@example.com', emailVerified: false })));
    await waitFor(() => expect(useSessionStore.getState().userStatus).toBe('idle'));
    expect(useSessionStore.getState().user?.emailVerified).toBe(true);
  });

  it('reads the account again when signed in before the account was kept', async () => {
    useSessionStore.getState().setToken('tok-invited');
    const heldReads = holdAccountReads();

    renderRoute('/verify-email/tok-2');
    await screen.findByText('jane@example.com is verified. Thank you!');
    // One read from the page load, one after the verification: only the last one counts.
    await waitFor(() => expect(heldReads).toHaveLength(2));
    answerRead(heldReads, 1, jsonResponse(200, buildUser({ email: 'jane@example.com', emailVerified: true })));
    answerRead(heldReads, 0, jsonResponse(200, buildUser({ email: 'jane@example.com', emailVerified: false })));
    await waitFor(() => expect(useSessionStore.getState().user?.emailVerified).toBe(true));
  });
});
