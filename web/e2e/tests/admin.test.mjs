import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  BASE_URL,
  answerConfirmation,
  inviteChild,
  loginThroughUi,
  nextResponse,
  registerParent,
  sharedBrowser,
  uniqueSuffix,
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

/** POST /api/auth/login; resolves to the HTTP status and whether a token came back. */
async function apiLogin({ email, password }) {
  const response = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const text = await response.text();
  let token = null;
  try {
    token = JSON.parse(text)?.token ?? null;
  } catch {
    // not JSON: no token
  }
  return { status: response.status, token };
}

/**
 * Clicks an organization action (Upgrade, Suspend, Activate) in `row`,
 * confirms it in the app's own dialog and resolves to [question, outcome]:
 * the question asked and the outcome said in the page (a status message
 * above the list, not a dialog) once the family is loaded again.
 */
async function runAction(page, row, label, organizationId, call) {
  await row.getByRole('button', { name: new RegExp(`^${label}\\b`) }).click();
  const [response, question] = await Promise.all([
    nextResponse(page, 'PATCH', `/admin/organizations/${organizationId}/${call}`),
    answerConfirmation(page, new RegExp(`^${label}\\b`), label),
  ]);
  assert.equal(response.status(), 200, `${label} answered ${response.status()}`);
  const outcome = page.locator('.admin-tab > .alert[role="status"]');
  await outcome.waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0, 'the outcome is said in the page, not in a dialog');
  return [question, (await outcome.innerText()).trim()];
}

describe('admin console', () => {
  test('a super admin upgrades, suspends and activates a family, and sees only a count of its children', { skip }, async (t) => {
    const parent = await registerParent();
    const childName = `Zephyrine${uniqueSuffix().slice(-6)}`;
    await inviteChild(parent.token, { firstName: childName, name: childName });

    await withPage(browser(), t, async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(SUPER_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await waitForPath(page, '/admin');
      await page.getByRole('heading', { name: 'Platform Administration', level: 1 }).waitFor();
      await page.getByText(SUPER_ADMIN.email, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Logout' }).waitFor();

      // Find the family by its name.
      await page.getByRole('tab', { name: 'Organizations' }).click();
      const search = page.getByRole('search', { name: 'Search organizations' });
      await search.getByRole('searchbox', { name: 'Search' }).fill(parent.organizationName);
      const [found] = await Promise.all([
        nextResponse(page, 'GET', '/admin/organizations'),
        search.getByRole('searchbox', { name: 'Search' }).press('Enter'),
      ]);
      assert.equal(found.status(), 200);
      const organization = (await found.json()).items.find((item) => item.name === parent.organizationName);
      assert.ok(organization, 'the search finds the new family');

      const table = page.getByRole('table', { name: 'Organizations' });
      const row = table.getByRole('row').filter({ hasText: parent.organizationName });
      await row.waitFor();
      assert.equal(await row.count(), 1);
      await row.getByRole('cell', { name: 'FREE', exact: true }).waitFor();

      // Upgrade: FREE becomes PRO.
      const [upgradeQuestion, upgradeAlert] = await runAction(page, row, 'Upgrade', organization.id, 'plan');
      assert.ok(upgradeQuestion.startsWith(`Upgrade ${parent.organizationName}`), upgradeQuestion);
      assert.equal(upgradeAlert, 'Organization upgraded to PRO!');
      await row.getByRole('cell', { name: 'PRO', exact: true }).waitFor();
      assert.equal(await row.getByRole('button', { name: /^Upgrade\b/ }).count(), 0);

      // Suspend: nobody of the family can log in any more.
      const [suspendQuestion, suspendAlert] = await runAction(page, row, 'Suspend', organization.id, 'deactivate');
      assert.ok(suspendQuestion.startsWith(`Suspend ${parent.organizationName}`), suspendQuestion);
      assert.equal(suspendAlert, 'Organization deactivated');
      await row.getByRole('button', { name: /^Activate\b/ }).waitFor();
      const refused = await apiLogin(parent);
      assert.ok(refused.status >= 400, `a suspended family's parent logged in (status ${refused.status})`);
      assert.equal(refused.token, null);

      // Activate: the parent can log in again.
      const [activateQuestion, activateAlert] = await runAction(page, row, 'Activate', organization.id, 'activate');
      assert.ok(activateQuestion.startsWith(`Activate ${parent.organizationName}`), activateQuestion);
      assert.equal(activateAlert, 'Organization activated');
      await row.getByRole('button', { name: /^Suspend\b/ }).waitFor();
      const allowed = await apiLogin(parent);
      assert.equal(allowed.status, 200);
      assert.ok(allowed.token, 'the parent of an activated family gets a token');

      // The details count the child and never name it.
      await Promise.all([
        nextResponse(page, 'GET', `/admin/organizations/${organization.id}`),
        row.getByRole('button', { name: /^View\b/ }).click(),
      ]);
      const dialog = page.getByRole('dialog', { name: parent.organizationName });
      await dialog.waitFor();
      const children = dialog.getByRole('group', { name: 'Children' });
      assert.match(await children.innerText(), /\b1\b/);
      await dialog.getByRole('table', { name: `Users of ${parent.organizationName}` }).getByText(parent.email).waitFor();
      assert.ok(!(await page.locator('body').innerText()).includes(childName), 'a child name is shown');
      assert.ok(!(await page.content()).includes(childName), 'a child name is in the page');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // All Users finds the parent by email.
      await page.getByRole('tab', { name: 'All Users' }).click();
      const userSearch = page.getByRole('search', { name: 'Search users' });
      await userSearch.getByRole('searchbox', { name: 'Search' }).fill(parent.email);
      await Promise.all([
        nextResponse(page, 'GET', '/admin/users'),
        userSearch.getByRole('button', { name: 'Search' }).click(),
      ]);
      const userRow = page.getByRole('table', { name: 'All users' }).getByRole('row').filter({ hasText: parent.email });
      await userRow.waitFor();
      await userRow.getByRole('cell', { name: 'Parent', exact: true }).waitFor();
      assert.ok(!(await page.locator('body').innerText()).includes(childName), 'a child name is shown');
    });
  });

  test('an anonymous visitor of /admin is sent to /login, a parent to the dashboard', async (t) => {
    const parent = await registerParent();
    await withPage(browser(), t, async (page) => {
      await page.goto('/admin');
      await waitForPath(page, '/login');

      await loginThroughUi(page, parent);
      await page.goto('/admin');
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    });
  });
});
