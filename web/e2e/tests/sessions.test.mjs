import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  BASE_URL,
  currentUserStatus,
  loginThroughApi,
  loginThroughUi,
  registerParent,
  sharedBrowser,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';

// The super admin is not created through the app: the e2e environment provides one.
const SUPER_ADMIN = {
  email: process.env.SUPER_ADMIN_EMAIL,
  password: process.env.SUPER_ADMIN_PASSWORD,
};

const needsSuperAdmin =
  SUPER_ADMIN.email && SUPER_ADMIN.password
    ? false
    : 'SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD are not set: no super admin to suspend a family with';

const browser = sharedBrowser();

/** The notice of the login screen, once shown. */
async function sessionNotice(page) {
  const notice = page.getByRole('status').filter({ hasText: 'Your session has ended.' });
  await notice.waitFor();
  return notice.innerText();
}

/** Fills and sends the login form already on screen. */
async function submitLogin(page, { email, password }) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Suspends a parent's family as the super admin, once the console knows it. */
async function suspendFamily(parent) {
  const token = await loginThroughApi(SUPER_ADMIN);
  const id = parent.user.organization.id;
  const call = (method, path) =>
    fetch(`${BASE_URL}/api${path}`, { method, headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // The console learns of a new family from its events.
  const deadline = Date.now() + 15_000;
  while ((await call('GET', `/admin/organizations/${id}`)).status !== 200) {
    assert.ok(Date.now() < deadline, 'the console never listed the family');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const response = await call('PATCH', `/admin/organizations/${id}/deactivate`);
  assert.equal(response.status, 200);
}

/** Waits until the API refuses `token` (a revocation reaches every process through events). */
async function untilRefused(token) {
  const deadline = Date.now() + 15_000;
  while ((await currentUserStatus(token)) !== 401) {
    assert.ok(Date.now() < deadline, 'the token was never refused');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('sessions', () => {
  test('after a 401 the login screen says the session ended, and logging in returns to the page, query included', async (t) => {
    const parent = await registerParent();
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/payouts?child=none#history');
      await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();

      // The stored token stops working (as an expired one does).
      await page.evaluate(() => window.localStorage.setItem('token', 'expired-token'));
      await page.reload();
      await waitForPath(page, '/login');
      assert.equal(await sessionNotice(page), 'Your session has ended.\nPlease log in again.');
      assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);

      await submitLogin(page, parent);
      await waitForPath(page, '/payouts');
      const url = new URL(page.url());
      assert.equal(url.search, '?child=none');
      assert.equal(url.hash, '#history');
      await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    });
  });

  test('a signed-out visitor of a page logs in and lands on it', async (t) => {
    const parent = await registerParent();
    await withPage(browser(), t, async (page) => {
      await page.goto('/settings?tab=general');
      await waitForPath(page, '/login');
      assert.equal(await page.getByText('Your session has ended.').count(), 0, 'nothing ended: no notice');
      await submitLogin(page, parent);
      await waitForPath(page, '/settings');
      assert.equal(new URL(page.url()).search, '?tab=general');
    });
  });

  test("members of a suspended family are told so on the login screen", { skip: needsSuperAdmin }, async (t) => {
    const parent = await registerParent();
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/children');
      await page.getByRole('heading', { name: 'Children', level: 1 }).waitFor();
      const token = await page.evaluate(() => window.localStorage.getItem('token'));

      await suspendFamily(parent);
      await untilRefused(token);
      // The next call the page makes is refused.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payouts' }).click();
      await waitForPath(page, '/login');
      assert.equal(await sessionNotice(page), 'Your session has ended.\nThis family account has been suspended');

      // Logging in again is refused with the same words while suspended.
      await submitLogin(page, parent);
      await page.getByRole('alert').filter({ hasText: 'This family account has been suspended' }).waitFor();
      await waitForPath(page, '/login');
    });
  });
});
