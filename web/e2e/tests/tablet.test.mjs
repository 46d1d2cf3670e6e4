// The family tablet on a phone-sized screen: a parent sets a child's PIN and
// turns this browser into the family tablet from Settings, which shows the
// family board; a child opens their own page from their column ("My page"),
// enters their PIN (a wrong one first), submits a chore, and "Done" brings
// the board back; 2 idle minutes do too (the idle time is shortened through
// the app's test hook, not waited for); a tablet a parent removes stops
// working at once. The tablet's screens pass axe-core in light and dark.
// Sending a chore from the board itself: board.test.mjs.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  BASE_URL,
  addChild,
  answerConfirmation,
  createCategory,
  createChore,
  loginThroughUi,
  nextResponse,
  registerParent,
  sharedBrowser,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { openWalkerContext, screenProblems } from '../lib/walk.mjs';

const browser = sharedBrowser();
const PHONE = { name: 'phone', width: 360, height: 740 };
const PIN = '2580';

let family;

before(async () => {
  const parent = await registerParent({ firstName: 'Tara', lastName: 'Tablet' });
  const kitchen = await createCategory(parent.token, { name: 'Kitchen' });
  const chore = await createChore(parent.token, { name: 'Feed the cat', baseReward: 1.5, categoryId: kitchen.id, frequencyDays: 0 });
  const mia = await addChild(parent.token, 'Mia', { uiTheme: 'KIDS' });
  const leo = await addChild(parent.token, 'Leo', { uiTheme: 'TEEN' });
  family = { parent, chore, mia, leo };
});

async function api(method, path, token, headers = {}) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: response.status, data: await response.json().catch(() => null) };
}

async function enterPin(page, pin) {
  const pad = page.getByRole('group', { name: 'PIN pad' });
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
}

/** The board's heading, once it shows. */
function boardHeading(page) {
  return page.getByRole('heading', { level: 1, name: "Today's chores" });
}

describe('the family tablet', () => {
  test('a child opens their page with the PIN, submits a chore, and the tablet returns to the board', async () => {
    const { context, page } = await openWalkerContext(browser(), { role: 'guest', theme: 'ADULT', token: null }, 'light', PHONE);
    try {
      // The parent sets Mia's PIN from her card ...
      await loginThroughUi(page, family.parent);
      await page.goto('/children');
      await page.getByRole('tab', { name: 'Profile of Mia' }).click();
      await page.getByRole('button', { name: 'Set PIN of Mia' }).click();
      const pinDialog = page.getByRole('dialog', { name: "Set Mia's PIN" });
      await pinDialog.getByLabel('PIN', { exact: true }).fill('25');
      await pinDialog.getByRole('button', { name: 'Save PIN' }).click();
      await pinDialog.getByText('PIN must be exactly 4 digits').waitFor();
      await pinDialog.getByLabel('PIN', { exact: true }).fill(PIN);
      const [saved] = await Promise.all([
        nextResponse(page, 'PUT', `/children/${family.mia.record.id}/pin`),
        pinDialog.getByRole('button', { name: 'Save PIN' }).click(),
      ]);
      assert.equal(saved.status(), 204);
      await page.getByText("Mia's PIN is set.").waitFor();

      // ... and turns this browser into the family tablet from Settings.
      await page.goto('/settings');
      const card = page.locator('.tablets-card');
      await card.getByText('No tablets set up yet.').waitFor();
      const problems = await screenProblems(page, 'settings with the tablet card');
      await card.getByRole('button', { name: 'Use this browser as the family tablet' }).click();
      const setUp = page.getByRole('dialog', { name: 'Use this browser as the family tablet' });
      assert.equal(await setUp.getByLabel('Tablet name').inputValue(), 'Family tablet');
      await setUp.getByLabel('Tablet name').fill('Kitchen tablet');
      await setUp.getByRole('button', { name: 'Start the tablet' }).click();
      await waitForPath(page, '/tablet');

      // The family board, a column per child.
      await boardHeading(page).waitFor();
      await page.getByRole('region', { name: 'Mia' }).waitFor();
      // The parent's session ended once the tablet showed (the columns come
      // after that: they need the tablet's answer).
      const stored = await page.evaluate(() => ({
        token: window.localStorage.getItem('token'),
        tablet: window.localStorage.getItem('tabletToken'),
      }));
      assert.equal(stored.token, null, "the parent's session does not stay on the shared tablet");
      assert.ok(stored.tablet, 'the device token is kept');
      problems.push(...(await screenProblems(page, '/tablet board')));

      // Leo has no PIN yet: his page says a parent sets it, and asks for none.
      await page.getByRole('button', { name: 'My page: Leo' }).click();
      const noPin = page.getByRole('dialog', { name: 'My page: Leo' });
      await noPin.getByText('Leo has no PIN yet. A parent can set one on the Children page.').waitFor();
      assert.equal(await noPin.getByRole('group', { name: 'PIN pad' }).count(), 0);
      await noPin.getByRole('button', { name: 'OK' }).click();

      // Mia opens her page; a wrong PIN is refused, the right one signs her in.
      await page.getByRole('button', { name: 'My page: Mia' }).click();
      await page.getByRole('dialog', { name: 'Hi Mia! Enter your PIN' }).getByRole('group', { name: 'PIN pad' }).waitFor();
      problems.push(...(await screenProblems(page, '/tablet PIN pad')));
      const [wrong] = await Promise.all([nextResponse(page, 'POST', '/tablet/unlock'), enterPin(page, '1111')]);
      assert.equal(wrong.status(), 400);
      await page.getByRole('alert').filter({ hasText: 'That PIN is not right' }).waitFor();
      const [right] = await Promise.all([nextResponse(page, 'POST', '/tablet/unlock'), enterPin(page, PIN)]);
      assert.equal(right.status(), 200);
      await waitForPath(page, '/');
      await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
      await page.getByRole('region', { name: 'Family tablet' }).getByText('On the family tablet as Mia').waitFor();
      problems.push(...(await screenProblems(page, "Mia's home on the tablet")));
      assert.deepEqual(problems, []);

      // She does a chore in her own session: one tap on its card's "I did it!" (she is in KIDS).
      const [submitted] = await Promise.all([
        nextResponse(page, 'POST', '/submissions'),
        page.getByRole('button', { name: 'I did it! Feed the cat' }).click(),
      ]);
      assert.equal(submitted.status(), 201);
      const submission = await submitted.json();
      assert.equal(submission.chore.id, family.chore.id);
      const pending = await api('GET', '/submissions?status=PENDING', family.parent.token);
      assert.ok(pending.data.some((s) => s.id === submission.id && s.childName.startsWith('Mia')), JSON.stringify(pending.data));
      const childToken = await page.evaluate(() => window.localStorage.getItem('token'));

      // "Done": the board again, and her session has ended on the server too
      // (the screen does not wait for the logout's answer: the test does).
      const [loggedOut] = await Promise.all([
        nextResponse(page, 'POST', '/auth/logout'),
        page.getByRole('button', { name: 'Done, sign out Mia' }).click(),
      ]);
      assert.equal(loggedOut.status(), 204);
      await waitForPath(page, '/tablet');
      await boardHeading(page).waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);
      await expectRefused(childToken);

      // Signed in again, she leaves it alone: the idle time (2 minutes, shortened
      // here through the test hook) signs her out and brings the board back.
      await page.getByRole('button', { name: 'My page: Mia' }).click();
      await enterPin(page, PIN);
      await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
      const idleToken = await page.evaluate(() => window.localStorage.getItem('token'));
      const idleLogout = nextResponse(page, 'POST', '/auth/logout');
      await page.evaluate(() => {
        window.__CHORELY_TABLET_IDLE_MS__ = 300;
        // The count starts again from this (synthetic) touch, with the shortened time.
        window.dispatchEvent(new Event('pointerdown'));
      });
      await boardHeading(page).waitFor();
      assert.equal((await idleLogout).status(), 204);
      assert.equal(new URL(page.url()).pathname, '/tablet');
      await expectRefused(idleToken);
    } finally {
      await context.close();
    }
  });

  test('a tablet a parent removes stops working at once', async (t) => {
    const parent = await registerParent({ firstName: 'Remy', lastName: 'Removes' });
    const kid = await addChild(parent.token, 'Noa');
    const put = await fetch(`${BASE_URL}/api/children/${kid.record.id}/pin`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${parent.token}` },
      body: JSON.stringify({ pin: '1357' }),
    });
    assert.equal(put.status, 204);
    const created = await fetch(`${BASE_URL}/api/organizations/tablets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${parent.token}` },
      body: JSON.stringify({ name: 'Hall tablet' }),
    }).then((r) => r.json());

    await withPage(
      browser(),
      t,
      async (page) => {
        // The parent removes it from Settings, in another browser.
        await loginThroughUi(page, parent);
        await page.goto('/settings');
        const row = page.getByRole('list', { name: 'Tablets' }).getByRole('listitem').filter({ hasText: 'Hall tablet' });
        await row.getByText('Not used yet').waitFor();
        await row.getByRole('button', { name: 'Remove Hall tablet' }).click();
        const [removed, question] = await Promise.all([
          nextResponse(page, 'DELETE', `/organizations/tablets/${created.tablet.id}`),
          answerConfirmation(page, 'Remove Hall tablet', 'Remove'),
        ]);
        assert.match(question, /Remove Hall tablet\?/);
        assert.equal(removed.status(), 204);
        await page.getByText('No tablets set up yet.').waitFor();
      },
      { viewport: { width: 360, height: 740 } },
    );
    await withPage(
      browser(),
      t,
      async (page) => {
        // The tablet's browser finds out when it next asks.
        await page.addInitScript((token) => window.localStorage.setItem('tabletToken', token), created.token);
        await page.goto('/tablet');
        await page
          .getByRole('heading', {
            level: 1,
            name: 'This browser is no longer the family tablet. A parent can set it up again in Settings.',
          })
          .waitFor();
        assert.equal(await page.evaluate(() => window.localStorage.getItem('tabletToken')), null);
      },
      { viewport: { width: 360, height: 740 } },
    );
  });

  test("the tablet's board and PIN pad pass axe-core in dark mode", async () => {
    const created = await fetch(`${BASE_URL}/api/organizations/tablets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${family.parent.token}` },
      body: JSON.stringify({ name: 'Dark tablet' }),
    }).then((r) => r.json());
    const { context, page } = await openWalkerContext(browser(), { role: 'guest', theme: 'ADULT', token: null }, 'dark', PHONE);
    try {
      await context.addInitScript((token) => window.localStorage.setItem('tabletToken', token), created.token);
      await page.goto('/tablet');
      await boardHeading(page).waitFor();
      await page.getByRole('region', { name: 'Mia' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      const problems = await screenProblems(page, '/tablet board (dark)');
      await page.getByRole('button', { name: 'My page: Mia' }).click();
      await page.getByRole('group', { name: 'PIN pad' }).waitFor();
      problems.push(...(await screenProblems(page, '/tablet PIN pad (dark)')));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

/** The token is refused by the API (its session ended). */
async function expectRefused(token) {
  assert.ok(token, 'a token was kept');
  const { status } = await api('GET', '/users/me', token);
  assert.equal(status, 401);
}
