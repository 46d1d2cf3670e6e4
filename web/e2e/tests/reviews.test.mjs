import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  BASE_URL,
  addChild,
  answerConfirmation,
  approveFromQueue,
  createCategory,
  createChore,
  createSubject,
  gradeSubject,
  inviteChild,
  loginThroughUi,
  registerParent,
  sharedBrowser,
  submitChore,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { MODES, SIZES, axeViolations, horizontalOverflow, openWalkerContext, settled } from '../lib/walk.mjs';
import { decodeQrImage } from '../lib/qr.mjs';

const browser = sharedBrowser();

/** Sets a child's behaviour ratings as a parent. */
async function rate(token, childId, rating) {
  const response = await fetch(`${BASE_URL}/api/children/${childId}/ratings`, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ honestyRating: rating, respectRating: rating, rulesRating: rating }),
  });
  assert.equal(response.status, 200, `ratings answered ${response.status}`);
}

/** The value beside `label` in a card's details list. */
function detail(card, label) {
  return card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/** A family whose child Mia earns × 1.8 (grade A: × 1.5, ratings of 9: × 1.2), with a $3.33 anytime chore. */
async function familyWithBoostedChild() {
  const parent = await registerParent();
  const suffix = uniqueSuffix().slice(-4);
  const category = await createCategory(parent.token, { name: `Kitchen ${suffix}` });
  const chore = await createChore(parent.token, { name: `Dishes ${suffix}`, baseReward: 3.33, categoryId: category.id });
  const mia = await addChild(parent.token, `Mia${suffix}`);
  await rate(parent.token, mia.record.id, 9);
  const math = await createSubject(parent.token, mia.record.id, { name: 'Math', gradeScale: 'LETTER' });
  await gradeSubject(parent.token, math.id, { grade: 'A' });
  return { parent, chore, mia };
}

describe('reviews', () => {
  test('a review card says what the approval will pay, the approval pays it, and the menu counts what waits', async (t) => {
    const { parent, chore, mia } = await familyWithBoostedChild();
    const first = await submitChore(mia.token, chore.id, 'First');
    const second = await submitChore(mia.token, chore.id, 'Second');

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Reviews, 2 waiting', exact: true }).click();
      await waitForPath(page, '/approval');

      const cards = page.getByRole('region', { name: `${chore.name} by ${mia.record.name}` });
      await cards.first().waitFor();
      assert.equal(await cards.count(), 2);
      const card = cards.filter({ hasText: 'First' });
      const pays = await detail(card, 'Approval pays').innerText();
      assert.equal(pays, '$3.33 × 1.8 (grades × 1.5, behaviour × 1.2) = $5.99');

      // The approval pays exactly what the card said.
      const reviewed = await approveFromQueue(page, card, first.id);
      assert.equal(`$${reviewed.boostedReward.toFixed(2)}`, pays.split(' = ')[1]);
      await nav.getByRole('link', { name: 'Reviews, 1 waiting', exact: true }).waitFor();

      await approveFromQueue(page, cards.filter({ hasText: 'Second' }), second.id);
      await nav.getByRole('link', { name: 'Reviews', exact: true }).waitFor();
      await page.getByText('No submissions waiting for review').waitFor();
    });
  });

  test('dashboard figures lead to their lists, for a parent and for a child', async (t) => {
    const { parent, chore, mia } = await familyWithBoostedChild();
    await submitChore(mia.token, chore.id);

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      for (const [label, path, heading] of [
        ['Pending Reviews', '/approval', 'Reviews'],
        ['Total Children', '/children', 'Children'],
        ['Paid This Month', '/payouts', 'Payouts'],
      ]) {
        await page.goto('/');
        // The whole card is the link's target (its middle is the figure, not the label).
        await page.getByRole('group', { name: label, exact: true }).click();
        await waitForPath(page, path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      }
    });

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, mia);
      await page.getByRole('link', { name: 'Completed (this month)', exact: true }).click();
      await waitForPath(page, '/history');
      await page.getByRole('heading', { name: 'History', level: 1 }).waitFor();
    });
  });

  test("a pending child's invite link and QR code show again from their card, and the link works", async (t) => {
    const parent = await registerParent();
    const name = `Noa${uniqueSuffix().slice(-4)}`;
    const { inviteUrl } = await inviteChild(parent.token, { firstName: name, name });

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/children');
      const card = page.getByRole('region', { name });
      await card.getByText('Invitation pending').waitFor();
      await card.getByRole('button', { name: `Show invite link of ${name}` }).click();

      const dialog = page.getByRole('dialog', { name: `Invite Link for ${name}` });
      const field = dialog.getByRole('textbox', { name: 'Invite Link' });
      await field.waitFor();
      const shown = await field.inputValue();
      assert.equal(shown, inviteUrl, 'the link made when the child was added');
      const qr = dialog.getByRole('img', { name: 'QR code of the invite link' });
      assert.equal(await decodeQrImage(qr), shown);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The code the QR code holds lets the child in.
      await withPage(browser(), t, async (childPage) => {
        const link = new URL(shown);
        await childPage.goto(`${link.pathname}${link.search}`);
        await childPage.getByText(name, { exact: true }).waitFor();
        await childPage.getByLabel('Password', { exact: true }).fill('kidsecret1');
        await childPage.getByLabel('Confirm Password').fill('kidsecret1');
        await childPage.getByRole('button', { name: 'Accept Invitation' }).click();
        await waitForPath(childPage, '/');
        await childPage.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
      });

      // Joined: nothing left to show.
      await page.reload();
      await card.getByText('Joined').waitFor();
      assert.equal(await card.getByRole('button', { name: /Show invite link/ }).count(), 0);
    });
  });

  test('Delete on a child card is quiet until pointed at, and still asks first', async (t) => {
    const parent = await registerParent();
    const name = `Kit${uniqueSuffix().slice(-4)}`;
    await inviteChild(parent.token, { firstName: name, name });

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/children');
      const card = page.getByRole('region', { name });
      const remove = card.getByRole('button', { name: `Delete ${name}` });
      await remove.waitFor();
      const background = () => remove.evaluate((button) => getComputedStyle(button).backgroundColor);
      assert.equal(await background(), 'rgba(0, 0, 0, 0)', 'no filled red button on the card');

      // Pointed at, it turns the danger colour (as the stylesheet resolves it).
      const red = await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-danger)';
        document.body.append(probe);
        const rgb = getComputedStyle(probe).color;
        probe.remove();
        return rgb;
      });
      await remove.hover();
      await page.waitForFunction(
        ({ button, rgb }) => getComputedStyle(button).color === rgb,
        { button: await remove.elementHandle(), rgb: red },
      );

      // The confirmation stays, in the app's own dialog with a filled red
      // Delete: Cancel keeps the child and gives focus back to the card's button.
      await remove.click();
      const confirmDelete = page
        .getByRole('dialog', { name: `Delete ${name}`, exact: true })
        .getByRole('button', { name: 'Delete', exact: true });
      await confirmDelete.waitFor();
      await page.mouse.move(0, 0);
      await page.waitForFunction(
        ({ button, rgb }) => getComputedStyle(button).backgroundColor === rgb,
        { button: await confirmDelete.elementHandle(), rgb: red },
      );
      assert.match(await answerConfirmation(page, `Delete ${name}`, 'Cancel'), new RegExp(`^Delete ${name}\\?`));
      assert.ok(await remove.evaluate((button) => button === document.activeElement), 'focus is back on Delete');
      await card.getByText('Invitation pending').waitFor();
    });
  });
});

describe('the new screens read well', () => {
  test('the re-shown invite link and the ended-session notice pass axe and fit a phone, light and dark', async () => {
    const parent = await registerParent();
    const name = `Ivy${uniqueSuffix().slice(-4)}`;
    await inviteChild(parent.token, { firstName: name, name });
    const problems = [];
    for (const mode of MODES) {
      for (const size of SIZES) {
        const walker = { role: 'parent', theme: 'ADULT', token: parent.token };
        const { context, page } = await openWalkerContext(browser(), walker, mode, size);
        const where = `${mode} ${size.name}`;
        try {
          await page.goto('/children');
          await page.getByRole('button', { name: `Show invite link of ${name}` }).click();
          await page.getByRole('dialog', { name: `Invite Link for ${name}` }).getByRole('img').waitFor();
          await settled(page);
          problems.push(...(await screenProblems(page, `invite link, ${where}`)));

          // The stored token stops working (set after the walker's own, on every load):
          // the login screen says the session ended.
          await context.addInitScript(() => window.localStorage.setItem('token', 'expired-token'));
          await page.reload();
          await page.getByText('Your session has ended.').waitFor();
          await settled(page);
          problems.push(...(await screenProblems(page, `session ended, ${where}`)));
        } finally {
          await context.close();
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
