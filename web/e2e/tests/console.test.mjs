import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  BASE_URL,
  loginThroughApi,
  nextResponse,
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

const skip =
  SUPER_ADMIN.email && SUPER_ADMIN.password
    ? false
    : 'SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD are not set: no super admin to log in with';

const browser = sharedBrowser();

async function loginAsSuperAdmin(page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(SUPER_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await waitForPath(page, '/admin');
  await page.getByRole('heading', { name: 'Platform Administration', level: 1 }).waitFor();
}

describe('operator console', () => {
  test('a super admin who opens a family screen goes to the console', { skip }, async (t) => {
    await withPage(browser(), t, async (page) => {
      await loginAsSuperAdmin(page);
      for (const path of ['/', '/chores?category=x', '/approval', '/children', '/profile']) {
        await page.goto(path);
        await waitForPath(page, '/admin');
        await page.getByRole('heading', { name: 'Platform Administration', level: 1 }).waitFor();
        assert.equal(await page.getByText(/Invite your children/).count(), 0, `${path} showed an empty family dashboard`);
      }
    });
  });

  test('a suspended organisation shows one status badge: Suspended', { skip }, async (t) => {
    const parent = await registerParent();
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

    await withPage(browser(), t, async (page) => {
      await loginAsSuperAdmin(page);
      await page.getByRole('tab', { name: 'Organizations' }).click();
      const search = page.getByRole('search', { name: 'Search organizations' });
      const find = async () => {
        await search.getByRole('searchbox', { name: 'Search' }).fill(parent.organizationName);
        const [found] = await Promise.all([
          nextResponse(page, 'GET', '/admin/organizations'),
          search.getByRole('searchbox', { name: 'Search' }).press('Enter'),
        ]);
        assert.equal(found.status(), 200);
      };
      await find();
      const row = page.getByRole('table', { name: 'Organizations' }).getByRole('row').filter({ hasText: parent.organizationName });
      // A new family is on its trial.
      await row.getByText('TRIAL', { exact: true }).waitFor();
      assert.equal(await row.locator('.badge').filter({ hasText: /^(TRIAL|ACTIVE|CANCELED|Suspended)$/ }).count(), 1);

      assert.equal((await call('PATCH', `/admin/organizations/${id}/deactivate`)).status, 200);
      await page.reload();
      await page.getByRole('tab', { name: 'Organizations' }).click();
      await find();
      await row.getByRole('button', { name: /^Activate\b/ }).waitFor();
      const statuses = await row.locator('.badge').filter({ hasText: /^(TRIAL|ACTIVE|CANCELED|Suspended)$/ }).allInnerTexts();
      assert.deepEqual(statuses, ['Suspended']);

      // The details say the same, with the subscription after it.
      await row.getByRole('button', { name: /^View\b/ }).click();
      const dialog = page.getByRole('dialog', { name: parent.organizationName });
      const status = dialog.locator('dt', { hasText: 'Status' }).locator('xpath=following-sibling::dd[1]');
      assert.equal(await status.innerText(), 'Suspended (subscription TRIAL)');
    });
  });
});
