// The child's home on a phone: a KIDS child does a chore in two taps, sees it
// waiting for review, then approved with the parent's note and celebrated
// once; a chore done for now says "Not yet" and the day it comes back, with
// no way to do it; a photo chore goes through the Submit Chore form, which
// asks a KIDS child no time and takes them back home once it is sent.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  addChild,
  createCategory,
  createChore,
  loginThroughUi,
  nextResponse,
  registerParent,
  reviewSubmission,
  sharedBrowser,
  submitChore,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';

const browser = sharedBrowser();
const PHONE = { viewport: { width: 360, height: 740 } };
/** A one-pixel PNG: the photo proof a photo chore needs. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let family;

before(async () => {
  const parent = await registerParent();
  const kitchen = await createCategory(parent.token, { name: 'Kitchen' });
  const garden = await createCategory(parent.token, { name: 'Garden' });
  const dishes = await createChore(parent.token, { name: 'Wash dishes', baseReward: 2, categoryId: kitchen.id });
  const plants = await createChore(parent.token, { name: 'Water plants', baseReward: 1, categoryId: garden.id, frequencyDays: 1 });
  const child = await addChild(parent.token, 'Kit', { uiTheme: 'KIDS' });
  // Done today already (and waiting for review): a daily chore is locked until tomorrow.
  await submitChore(child.token, plants.id);
  family = { parent, child, dishes, plants };
});

/** The signed-in user's id, as the app keeps it. */
function storedUserId(page) {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? '{}').id);
}

describe("the child's home on a phone", () => {
  test('a KIDS child does a chore in two taps, sees it waiting, then approved and celebrated once', async (t) => {
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.child);
        await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
        const todo = page.getByRole('list', { name: 'Chores you can do now' });
        const doIt = todo.getByRole('button', { name: 'Do it: Wash dishes' });
        await doIt.waitFor();

        // It is in sight as the home opens, above the stat cards and clear of the shortcut bar.
        const bar = await page.getByRole('navigation', { name: 'Shortcuts' }).boundingBox();
        const button = await doIt.boundingBox();
        assert.ok(bar && button, 'the shortcut bar and the Do it button show');
        assert.ok(button.y >= 0 && button.y + button.height <= bar.y, `Do it is below the fold: ${JSON.stringify({ button, bar })}`);
        const balance = await page.getByRole('group', { name: 'My Balance' }).boundingBox();
        assert.ok(balance && button.y < balance.y, 'the chores to do come before the stat cards');

        // Two taps from the home to a submitted chore.
        let taps = 0;
        const tap = async (locator) => {
          taps += 1;
          await locator.click();
        };
        await tap(doIt);
        const dialog = page.getByRole('dialog', { name: 'Wash dishes' });
        const [response] = await Promise.all([
          nextResponse(page, 'POST', '/submissions'),
          tap(dialog.getByRole('button', { name: 'I did it!' })),
        ]);
        assert.equal(response.status(), 201);
        const submission = await response.json();
        assert.equal(submission.status, 'PENDING');
        assert.equal(submission.chore.id, family.dishes.id);
        assert.equal(taps, 2, 'two taps from the home to a submitted chore');

        // Waiting for review, said simply, and in Recent Activity with its status.
        await page.getByRole('status').filter({ hasText: 'Done! Wash dishes is waiting for Mum or Dad to check it.' }).waitFor();
        await dialog.waitFor({ state: 'detached' });
        const activity = page.getByRole('list', { name: 'Recent activity' });
        const waiting = activity.getByRole('listitem', { name: 'Wash dishes' });
        await waiting.getByText('Waiting for review', { exact: true }).waitFor();
        assert.match(await waiting.getAttribute('class'), /list__row--pending/);
        await activity.getByRole('listitem', { name: 'Water plants' }).getByText('Waiting for review', { exact: true }).waitFor();

        // The locked chore says so in a KIDS child's words, with the day it comes back (no date, no time), and cannot be done.
        await page.getByRole('heading', { name: 'Done for now' }).waitFor();
        const locked = page.getByRole('list', { name: 'Chores done for now' }).getByRole('listitem', { name: 'Water plants' });
        await locked.getByText('Not yet', { exact: true }).waitFor();
        await locked.getByText(/^You can do it again (tomorrow|later today)\.$/).waitFor();
        assert.equal(await locked.getByRole('button').count(), 0);
        assert.equal(await locked.getByRole('link').count(), 0);
        assert.equal(await page.getByRole('button', { name: 'Do it: Water plants' }).count(), 0);
        assert.equal(await todo.getByRole('listitem', { name: 'Water plants' }).count(), 0);

        // History is one tap away, without the menu, and lists it as waiting too.
        await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'History' }).click();
        await waitForPath(page, '/history');
        await page
          .getByRole('list', { name: 'Waiting for review' })
          .getByRole('listitem', { name: 'Wash dishes' })
          .getByText('Waiting for review', { exact: true })
          .waitFor();
        await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'Home' }).click();
        await waitForPath(page, '/');

        // A parent approves it, with a note.
        await reviewSubmission(family.parent.token, submission.id, 'APPROVED', 'Sparkling clean!');

        // Back home: approved, with the note, and celebrated.
        await page.reload();
        const approved = activity.getByRole('listitem', { name: 'Wash dishes' });
        await approved.getByText('Approved', { exact: true }).waitFor();
        await approved.getByText('Note: Sparkling clean!').waitFor();
        assert.match(await approved.getAttribute('class'), /list__row--approved/);
        const celebration = page.getByRole('status').filter({ hasText: 'Great job!' });
        await celebration.waitFor();
        assert.match(await celebration.textContent(), /Mum or Dad said yes to Wash dishes\. You earned \$2\.00!/);
        const userId = await storedUserId(page);
        const remembered = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '[]'), `celebrated:${userId}`);
        assert.deepEqual(remembered, [submission.id]);
        assert.equal(
          await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
          false,
          'the celebrating home does not scroll sideways',
        );

        // The next visit does not celebrate it again.
        await page.reload();
        await activity.getByRole('listitem', { name: 'Wash dishes' }).getByText('Approved', { exact: true }).waitFor();
        assert.equal(await page.getByText('Great job!').count(), 0, 'the celebration shows once');
      },
      PHONE,
    );
  });

  test('the chore picker marks the locked chore, in words, and will not pick it', async (t) => {
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.child);
        await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'Do Chore' }).click();
        await waitForPath(page, '/submit');
        const picker = page.getByLabel('Chore', { exact: true });
        const plants = picker.locator(`option[value="${family.plants.id}"]`);
        await plants.and(page.locator('option:disabled')).waitFor({ state: 'attached' });
        assert.match(await plants.textContent(), /^Water plants \(\$1\.00\) – ready again (tomorrow|later today)$/);
        const dishes = picker.locator(`option[value="${family.dishes.id}"]`);
        assert.equal(await dishes.isDisabled(), false);
        assert.equal(await dishes.textContent(), 'Wash dishes ($2.00)');
      },
      PHONE,
    );
  });

  test('a KIDS child sends a photo chore from the home without a time, and is taken back home', async (t) => {
    const garden = await createCategory(family.parent.token, { name: 'Yard' });
    const porch = await createChore(family.parent.token, { name: 'Sweep the porch', baseReward: 3, categoryId: garden.id, requiresPhoto: true });
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.child);
        await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
        // A photo chore's Do it opens the Submit Chore form with it chosen.
        await page.getByRole('list', { name: 'Chores you can do now' }).getByRole('link', { name: 'Do it: Sweep the porch' }).click();
        await waitForPath(page, '/submit');
        const picker = page.getByLabel('Chore', { exact: true });
        await picker.waitFor();
        assert.equal(await picker.inputValue(), porch.id);
        // No date and time to fill in: it is sent as done now.
        assert.equal(await page.getByLabel('Completed At').count(), 0);
        assert.equal(await page.locator('input[type="datetime-local"]').count(), 0);
        await page.getByLabel('Photo').setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
        const sentAt = Date.now();
        const [response] = await Promise.all([
          nextResponse(page, 'POST', '/submissions'),
          page.getByRole('button', { name: 'Submit Chore' }).click(),
        ]);
        assert.equal(response.status(), 201);
        const submission = await response.json();
        assert.equal(submission.chore.id, porch.id);
        assert.ok(Math.abs(Date.parse(submission.completedAt) - sentAt) < 120_000, `completed at ${submission.completedAt}`);

        // Back home, told it was sent, as Do it tells it; not left on a blank form.
        await waitForPath(page, '/');
        await page.getByRole('status').filter({ hasText: 'Done! Sweep the porch is waiting for Mum or Dad to check it.' }).waitFor();
        await page
          .getByRole('list', { name: 'Recent activity' })
          .getByRole('listitem', { name: 'Sweep the porch' })
          .getByText('Waiting for review', { exact: true })
          .waitFor();
      },
      PHONE,
    );
  });
});
