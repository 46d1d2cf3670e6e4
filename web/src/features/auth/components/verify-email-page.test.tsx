import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { holdApi, preloadAllScreens, renderRoute, signIn } from '@/testing/test-utils';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

/** GET /users/me answers only when the test says so; the verification at once. */
function holdAccountReads() {
  return holdApi(
    (request) => request.path.endsWith('/users/me'),
    (request) =>
      request.path.endsWith('/auth/verify-email') ? jsonResponse(200, { email: 'jane@example.com' }) : undefined,
  );
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
    expect(heldReads.count()).toBeGreaterThan(0);
    heldReads.answerAll(() => jsonResponse(200, buildUser({ email: 'jane@example.com', emailVerified: false })));
    await waitFor(() => expect(useSessionStore.getState().userStatus).toBe('idle'));
    expect(useSessionStore.getState().user?.emailVerified).toBe(true);
  });

  it('reads the account again when signed in before the account was kept', async () => {
    useSessionStore.getState().setToken('tok-invited');
    const heldReads = holdAccountReads();

    renderRoute('/verify-email/tok-2');
    await screen.findByText('jane@example.com is verified. Thank you!');
    // One read from the page load, one after the verification: only the last one counts.
    await waitFor(() => expect(heldReads.count()).toBe(2));
    heldReads.answer(1, jsonResponse(200, buildUser({ email: 'jane@example.com', emailVerified: true })));
    heldReads.answer(0, jsonResponse(200, buildUser({ email: 'jane@example.com', emailVerified: false })));
    await waitFor(() => expect(useSessionStore.getState().user?.emailVerified).toBe(true));
  });
});
