import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  BASE_URL,
  addChild,
  currentUserStatus,
  loginThroughApi,
  loginThroughUi,
  nextResponse,
  readSession,
  registerParent,
  sharedBrowser,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { MODES, SIZES, axeViolations, horizontalOverflow, openWalkerContext, settled } from '../lib/walk.mjs';

const browser = sharedBrowser();

/** Waits until the API refuses `token` (a session's end reaches every process through events). */
async function untilRefused(token) {
  const deadline = Date.now() + 15_000;
  while ((await currentUserStatus(token)) !== 401) {
    assert.ok(Date.now() < deadline, 'the token was never refused');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The status of POST /api/auth/login with these credentials. */
async function loginStatus({ email, password }) {
  const response = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

/** Opens Profile through the navigation's profile link. */
async function openProfile(page, name) {
  await page.getByRole('link', { name: new RegExp(`${name}\\s*Parent`) }).click();
  await waitForPath(page, '/profile');
  return page.getByRole('form', { name: 'Change password' });
}

/** The main navigation's link to `name`. */
function navLink(page, name) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
}

describe('sessions that end', () => {
  test('a parent changes their password: this browser goes on with the new token, another is sent to /login', async (t) => {
    const parent = await registerParent();
    const newPassword = `changed-${uniqueSuffix()}`;
    await withPage(browser(), t, async (other) => {
      await loginThroughUi(other, parent);
      const otherToken = (await readSession(other)).token;

      await withPage(browser(), t, async (page) => {
        await loginThroughUi(page, parent);
        const before = (await readSession(page)).token;
        const form = await openProfile(page, 'Pat Parent');

        // The current password must be right; the server says so beside the field.
        await form.getByLabel('Current Password').fill('not-my-password');
        await form.getByLabel('New Password', { exact: true }).fill(newPassword);
        await form.getByLabel('Confirm New Password').fill(newPassword);
        const [refused] = await Promise.all([
          nextResponse(page, 'PUT', '/users/me/password'),
          form.getByRole('button', { name: 'Change Password' }).click(),
        ]);
        assert.equal(refused.status(), 400);
        await form.getByText('Current password is incorrect').waitFor();

        await form.getByLabel('Current Password').fill(parent.password);
        const [changed] = await Promise.all([
          nextResponse(page, 'PUT', '/users/me/password'),
          form.getByRole('button', { name: 'Change Password' }).click(),
        ]);
        assert.equal(changed.status(), 200);
        await form.getByText('Password changed. Your other sessions have ended.').waitFor();
        const after = (await readSession(page)).token;
        assert.ok(after && after !== before, 'the new token is stored');
        assert.equal(after, (await changed.json()).token);

        // This browser goes on: its next screens load with the new token.
        await navLink(page, 'Payouts').click();
        await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
        await page.getByRole('form', { name: 'Record payout' }).waitFor();
        assert.equal(new URL(page.url()).pathname, '/payouts');
        assert.equal(await currentUserStatus(after), 200);
      });

      // The other browser's session has ended: its next screen sends it to /login.
      await untilRefused(otherToken);
      await navLink(other, 'Payouts').click();
      await waitForPath(other, '/login');
      await other.getByText('Your session has ended.').waitFor();
      assert.equal((await readSession(other)).token, null);
    });

    assert.equal(await loginStatus(parent), 401, 'the old password no longer logs in');
    assert.equal(await loginStatus({ email: parent.email, password: newPassword }), 200);
  });

  test("a parent sets a child's password from the child card, and the child logs in with it", async (t) => {
    const parent = await registerParent();
    const name = `Kit${uniqueSuffix().slice(-4)}`;
    const child = await addChild(parent.token, name);
    const password = `kid-${uniqueSuffix()}`;

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/children');
      const card = page.getByRole('region', { name });
      await card.getByRole('tab', { name: `Profile of ${name}` }).click();
      await card.getByRole('button', { name: `Set password of ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Set ${name}'s Password` });
      await dialog.getByText(`${name} will be signed out on their devices`).waitFor();

      await dialog.getByLabel('New Password').fill(password);
      await dialog.getByLabel('Confirm Password').fill(`${password}x`);
      await dialog.getByRole('button', { name: 'Set Password' }).click();
      await dialog.getByText('Passwords do not match').waitFor();

      await dialog.getByLabel('Confirm Password').fill(password);
      const [response] = await Promise.all([
        nextResponse(page, 'PUT', `/children/${child.record.id}/password`),
        dialog.getByRole('button', { name: 'Set Password' }).click(),
      ]);
      assert.equal(response.status(), 204);
      await dialog.waitFor({ state: 'detached' });
      await card.getByText(`${name}'s password is set. They were signed out on their devices.`).waitFor();
    });

    // The child's sessions ended; the new password logs them in.
    await untilRefused(child.token);
    assert.equal(await loginStatus(child), 401, 'the old password no longer logs in');
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, { email: child.email, password });
      await page.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
    });
  });

  test('"Log out everywhere" asks for the password, lands on /login and ends the other sessions too', async (t) => {
    const parent = await registerParent();
    const elsewhere = await loginThroughApi(parent);
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await openProfile(page, 'Pat Parent');
      await page.getByText('Ends your sessions on every device, this one included.').waitFor();

      await page.getByRole('button', { name: 'Log Out Everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log out everywhere' });
      await dialog.getByText('Log out on every device, this one included?').waitFor();
      await dialog.getByLabel('Current Password').fill(parent.password);
      const [response] = await Promise.all([
        nextResponse(page, 'POST', '/auth/logout-everywhere'),
        dialog.getByRole('button', { name: 'Log Out Everywhere' }).click(),
      ]);
      assert.equal(response.status(), 204);
      await waitForPath(page, '/login');
      assert.deepEqual(await readSession(page), { token: null, user: null });
      // Left on purpose: no ended session to tell of.
      assert.equal(await page.getByText('Your session has ended.').count(), 0);
    });
    await untilRefused(elsewhere);
    await untilRefused(parent.token);
  });
});

describe('the security card and the set-password dialog read well', () => {
  test('they pass axe and fit the screen, 360 px wide included, light and dark', async () => {
    const parent = await registerParent();
    const name = `Rue${uniqueSuffix().slice(-4)}`;
    const child = await addChild(parent.token, name);
    const walkers = [
      { role: 'parent', theme: 'ADULT', token: parent.token },
      { role: 'child', theme: 'KIDS', token: child.token },
    ];
    const problems = [];
    for (const mode of MODES) {
      for (const size of SIZES) {
        for (const walker of walkers) {
          const { context, page } = await openWalkerContext(browser(), walker, mode, size);
          const where = `${walker.role} ${mode} ${size.name}`;
          try {
            await page.goto('/profile');
            const form = page.getByRole('form', { name: 'Change password' });
            await form.waitFor();
            await settled(page);
            problems.push(...(await screenProblems(page, `security card, ${where}`)));

            // With the form's own messages showing.
            await form.getByLabel('New Password', { exact: true }).fill('short');
            await form.getByRole('button', { name: 'Change Password' }).click();
            await form.getByText('Passwords do not match').waitFor();
            await settled(page);
            problems.push(...(await screenProblems(page, `security card with errors, ${where}`)));

            if (walker.role !== 'parent') continue;
            await page.goto('/children');
            await page.getByRole('tab', { name: `Profile of ${name}` }).click();
            await page.getByRole('button', { name: `Set password of ${name}` }).click();
            const dialog = page.getByRole('dialog', { name: `Set ${name}'s Password` });
            await dialog.getByRole('button', { name: 'Set Password' }).click();
            await dialog.getByText('Password is required').waitFor();
            await settled(page);
            problems.push(...(await screenProblems(page, `set-password dialog, ${where}`)));
          } finally {
            await context.close();
          }
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});

/** axe-core's serious and critical findings and sideways scrolling, in words. */
async function screenProblems(page, where) {
  const problems = (await axeViolations(page)).map((violation) => `${where}: ${violation.id} (${violation.help})`);
  const overflow = await horizontalOverflow(page);
  if (overflow) problems.push(`${where}: scrolls sideways: ${overflow.culprits.join(', ')}`);
  return problems;
}
