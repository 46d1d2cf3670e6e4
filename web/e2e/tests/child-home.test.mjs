// The child's home on a phone: a KIDS child sees each chore to do as a big
// picture card and does it with one tap on its "I did it!", is celebrated,
// sees it waiting for review, then approved with the parent's note and
// celebrated once; a chore done for now says "Not yet" and the day it comes
// back, with no way to do it; a photo chore's "I did it!" asks for the photo
// first (the camera), and the Submit Chore form asks a KIDS child no time and
// takes them back home, celebrated, once it is sent.
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
  test('a KIDS child does a chore with one tap on its card, is celebrated, sees it waiting, then approved and celebrated once', async (t) => {
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.child);
        await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
        const todo = page.getByRole('list', { name: 'Chores you can do now' });
        // A big card: the chore's picture, its name, what it earns, and one "I did it!".
        const card = todo.getByRole('listitem', { name: 'Wash dishes' });
        await card.getByRole('heading', { level: 3, name: 'Wash dishes' }).waitFor();
        await card.getByText('You get $2.00', { exact: true }).waitFor();
        assert.equal(await card.getByRole('button').count(), 1, 'one button on the card');
        const didIt = card.getByRole('button', { name: 'I did it! Wash dishes' });
        assert.equal((await didIt.innerText()).trim(), 'I did it!');
        assert.equal(await page.getByRole('button', { name: /^Do it/ }).count(), 0);

        // It is in sight as the home opens, above the stat cards and clear of the shortcut bar, and a big target.
        const bar = await page.getByRole('navigation', { name: 'Shortcuts' }).boundingBox();
        const button = await didIt.boundingBox();
        assert.ok(bar && button, 'the shortcut bar and the I did it! button show');
        assert.ok(button.y >= 0 && button.y + button.height <= bar.y, `I did it! is below the fold: ${JSON.stringify({ button, bar })}`);
        assert.ok(button.height >= 48 && button.width >= 48, `I did it! is a small target: ${JSON.stringify(button)}`);
        const balance = await page.getByRole('group', { name: 'My Balance' }).boundingBox();
        assert.ok(balance && button.y < balance.y, 'the chores to do come before the stat cards');
        assert.equal(
          await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
          false,
          'the picture cards do not scroll sideways',
        );

        // One tap from the home to a submitted chore, done now: no dialog, no date or time.
        const tappedAt = Date.now();
        const [response] = await Promise.all([nextResponse(page, 'POST', '/submissions'), didIt.click()]);
        assert.equal(response.status(), 201);
        const submission = await response.json();
        assert.equal(submission.status, 'PENDING');
        assert.equal(submission.chore.id, family.dishes.id);
        assert.ok(Math.abs(Date.parse(submission.completedAt) - tappedAt) < 120_000, `completed at ${submission.completedAt}`);
        assert.equal(await page.getByRole('dialog').count(), 0, 'one tap, no dialog');
        assert.equal(await page.locator('input[type="datetime-local"]').count(), 0);

        // Celebrated, in its live region, and said simply: it waits for Mum or Dad; and in Recent Activity with its status.
        const sentCelebration = page.getByRole('status').filter({ hasText: 'You did it!' });
        await sentCelebration.filter({ hasText: 'Wash dishes is waiting for Mum or Dad to check it.' }).waitFor();
        assert.equal(await sentCelebration.getAttribute('aria-live'), 'polite');
        assert.equal(
          await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
          false,
          'the celebration does not scroll sideways',
        );
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

  test('a KIDS child sends a photo chore from its card, the photo first, and from the Submit Chore form without a time', async (t) => {
    const garden = await createCategory(family.parent.token, { name: 'Yard' });
    const porch = await createChore(family.parent.token, { name: 'Sweep the porch', baseReward: 3, categoryId: garden.id, requiresPhoto: true });
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.child);
        await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
        // A photo chore's "I did it!" asks for the photo first, with the camera, and sends nothing without it.
        const card = page.getByRole('list', { name: 'Chores you can do now' }).getByRole('listitem', { name: 'Sweep the porch' });
        await card.getByText('This one needs a photo.').waitFor();
        await card.getByRole('button', { name: 'I did it! Sweep the porch' }).click();
        const dialog = page.getByRole('dialog', { name: 'Sweep the porch' });
        const camera = dialog.getByLabel('Your photo');
        assert.equal(await camera.getAttribute('accept'), 'image/*');
        assert.equal(await camera.getAttribute('capture'), 'environment');
        let sent = 0;
        const countSends = (request) => {
          if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/submissions') sent += 1;
        };
        page.on('request', countSends);
        await dialog.getByRole('button', { name: 'I did it!', exact: true }).click();
        await dialog.getByRole('alert').filter({ hasText: 'Take a photo first.' }).waitFor();
        assert.equal(sent, 0, 'nothing is sent without a photo');
        page.off('request', countSends);

        await camera.setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
        const tappedAt = Date.now();
        const [fromCard] = await Promise.all([
          nextResponse(page, 'POST', '/submissions'),
          dialog.getByRole('button', { name: 'I did it!', exact: true }).click(),
        ]);
        assert.equal(fromCard.status(), 201);
        const cardSubmission = await fromCard.json();
        assert.equal(cardSubmission.chore.id, porch.id);
        assert.ok(cardSubmission.photoUrl, 'the photo was kept');
        assert.ok(Math.abs(Date.parse(cardSubmission.completedAt) - tappedAt) < 120_000, `completed at ${cardSubmission.completedAt}`);
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('status').filter({ hasText: 'You did it!' }).filter({ hasText: 'Sweep the porch is waiting for Mum or Dad to check it.' }).waitFor();

        // The Submit Chore form (Do Chore) asks a KIDS child no time either, and takes them back home.
        await page.goto(`/submit?chore=${porch.id}`);
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

        // Back home, celebrated as "I did it!" celebrates; not left on a blank form.
        await waitForPath(page, '/');
        await page.getByRole('status').filter({ hasText: 'You did it!' }).filter({ hasText: 'Sweep the porch is waiting for Mum or Dad to check it.' }).waitFor();
        // Both sends wait for review: the card's and the form's.
        const waiting = page
          .getByRole('list', { name: 'Recent activity' })
          .getByRole('listitem', { name: 'Sweep the porch' })
          .getByText('Waiting for review', { exact: true });
        await waiting.nth(1).waitFor();
        assert.equal(await waiting.count(), 2);
      },
      PHONE,
    );
  });
});
