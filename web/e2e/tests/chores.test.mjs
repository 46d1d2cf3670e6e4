import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';

import {
  addChild,
  approveFromQueue,
  loginThroughUi,
  nextResponse,
  registerParent,
  sharedBrowser,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';

const browser = sharedBrowser();

function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A valid size x size PNG of one colour (8-bit RGB, no interlace). */
function solidPng(size = 8, rgb = [46, 160, 67]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // colour type RGB; compression, filter and interlace stay 0
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]); // filter byte 0, then pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The decoded width of an <img>, once it has loaded (0 when it cannot be shown). */
function naturalWidth(image) {
  return image.evaluate((img) =>
    img
      .decode()
      .then(() => img.naturalWidth)
      .catch(() => 0),
  );
}

/** How the screens count the days until a chore opens again. */
function daysRemainingText(days) {
  if (days <= 0) return 'later today';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

describe('chores', () => {
  test('a child submits a chore with photo proof and a parent approves it', async (t) => {
    const parent = await registerParent();
    const suffix = uniqueSuffix().slice(-4);
    const categoryName = `Kitchen ${suffix}`;
    const choreName = `Wash dishes ${suffix}`;
    const childName = `Robin${suffix}`;
    // A TEEN child: the spec's Submit Chore form, with its completion time, which starts over once sent
    // (a KIDS child, the default, is asked no time and goes back home: child-home.test.mjs).
    const child = await addChild(parent.token, childName, { uiTheme: 'TEEN' });

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);

      // A category first: chores are grouped by category.
      await page.goto('/categories');
      await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add Category' }).click();
      const categoryDialog = page.getByRole('dialog', { name: 'Add Category' });
      await categoryDialog.getByLabel('Name').fill(categoryName);
      await categoryDialog.getByLabel('Description').fill('Dishes and counters');
      const [categoryResponse] = await Promise.all([
        nextResponse(page, 'POST', '/categories'),
        categoryDialog.getByRole('button', { name: 'Add Category' }).click(),
      ]);
      assert.equal(categoryResponse.status(), 201);
      await categoryDialog.waitFor({ state: 'detached' });
      await page.getByRole('region', { name: categoryName }).getByText('0 chores').waitFor();

      // A daily chore that needs a photo.
      await page.goto('/chores');
      await page.getByRole('heading', { name: 'Chores', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add Chore' }).click();
      const choreDialog = page.getByRole('dialog', { name: 'Add Chore' });
      await choreDialog.getByRole('button', { name: 'Add Chore' }).click();
      await choreDialog.getByText('Name is required').waitFor();
      await choreDialog.getByLabel('Name').fill(choreName);
      await choreDialog.getByLabel('Description').fill('Plates, cups and pans');
      await choreDialog.getByLabel('Base Reward').fill('1.50');
      await choreDialog.getByLabel('Category').selectOption({ label: categoryName });
      await choreDialog.getByLabel('Frequency').selectOption({ label: 'Daily' });
      await choreDialog.getByLabel('Requires photo').check();
      const [choreResponse] = await Promise.all([
        nextResponse(page, 'POST', '/chores'),
        choreDialog.getByRole('button', { name: 'Add Chore' }).click(),
      ]);
      assert.equal(choreResponse.status(), 201);
      const chore = await choreResponse.json();
      assert.equal(chore.baseReward, 1.5);
      assert.equal(chore.frequencyDays, 1);
      assert.equal(chore.requiresPhoto, true);
      await choreDialog.waitFor({ state: 'detached' });
      const choreRow = page.getByRole('region', { name: categoryName }).getByRole('listitem', { name: choreName });
      await choreRow.getByText('$1.50').waitFor();
      await choreRow.getByText('Daily').waitFor();
      await choreRow.getByText('Photo required').waitFor();

      await withPage(browser(), t, async (childPage) => {
        // The child submits it with a photo.
        await loginThroughUi(childPage, child);
        const nav = childPage.getByRole('navigation', { name: 'Main' });
        await nav.getByRole('link', { name: 'Do Chore' }).click();
        await waitForPath(childPage, '/submit');
        const picker = childPage.getByLabel('Chore', { exact: true });
        await picker.selectOption(chore.id);
        const submit = childPage.getByRole('button', { name: 'Submit Chore' });
        await submit.click();
        await childPage.getByText('A photo is required for this chore').waitFor();

        await childPage.getByLabel('Photo').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: solidPng() });
        const preview = childPage.getByRole('img', { name: 'Preview of the chosen photo' });
        assert.equal(await naturalWidth(preview), 8, 'the preview shows the chosen photo');
        await childPage.getByLabel('Notes').fill('Every plate!');

        // The upload is held back until the progress bar has been seen.
        let release;
        const held = new Promise((resolve) => {
          release = resolve;
        });
        await childPage.route('**/api/submissions', async (route) => {
          if (route.request().method() === 'POST') await held;
          await route.continue();
        });
        const submitted = nextResponse(childPage, 'POST', '/submissions');
        await submit.click();
        const progress = childPage.getByRole('progressbar', { name: 'Upload progress' });
        await progress.waitFor();
        assert.equal(await submit.isDisabled(), true, 'Submit is disabled while uploading');
        release();
        const response = await submitted;
        assert.equal(response.status(), 201);
        const submission = await response.json();
        assert.equal(submission.status, 'PENDING');
        await childPage.getByText('Chore submitted! A parent will review it soon.').waitFor();
        await progress.waitFor({ state: 'detached' });
        assert.equal(await picker.inputValue(), '', 'the form starts over');
        await childPage.unroute('**/api/submissions');

        // The parent reviews it from the queue.
        await page.goto('/approval');
        await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
        const card = page.getByRole('region', { name: `${choreName} by ${childName}` });
        await card.getByText('Every plate!').waitFor();
        await card.getByText(categoryName).waitFor();
        await card.getByText('$1.50').waitFor();
        const photo = card.getByRole('img', { name: `Photo proof of ${choreName}` });
        assert.equal(await naturalWidth(photo), 8, 'the signed photo address loads');
        await photo.click();
        const viewer = page.getByRole('dialog', { name: 'Photo proof' });
        await viewer.getByRole('img').waitFor();
        await viewer.getByRole('button', { name: 'Close' }).click();
        await viewer.waitFor({ state: 'detached' });

        await card.getByLabel('Admin Notes').fill('Great job!');
        const reviewed = await approveFromQueue(page, card, submission.id);
        await page.getByText('No submissions waiting for review').waitFor();

        // History shows it approved, with the reward and the note.
        await page.getByRole('link', { name: 'History', exact: true }).click();
        await waitForPath(page, '/history');
        const entry = page.getByRole('listitem', { name: choreName });
        await entry.getByText('Approved', { exact: true }).waitFor();
        await entry.getByText(`+$${reviewed.boostedReward.toFixed(2)}`).waitFor();
        await entry.getByText(new RegExp(`${categoryName} · ${childName} · Reviewed`)).waitFor();
        await entry.getByText('Note: Great job!').waitFor();

        // For the child, the daily chore waits for its next day: the picker marks it locked, in words...
        const [availabilityResponse] = await Promise.all([
          nextResponse(childPage, 'GET', '/submissions/availability'),
          childPage.reload(),
        ]);
        const availability = (await availabilityResponse.json()).find((item) => item.choreId === chore.id);
        assert.equal(availability?.isAvailable, false);
        assert.ok(availability.nextAvailableAt, 'the next date is given');
        const option = picker.locator(`option[value="${chore.id}"]`);
        await option.and(childPage.locator('option:disabled')).waitFor({ state: 'attached' });
        const optionText = await option.textContent();
        assert.ok(optionText.startsWith(`${choreName} ($1.50) – locked until `), optionText);
        assert.ok(optionText.endsWith(`(${daysRemainingText(availability.daysRemaining)})`), optionText);

        // ...and opened for it from a link, the form says when it comes back and will not send it.
        await childPage.goto(`/submit?chore=${chore.id}`);
        const notice = childPage.getByText(/^Available again on /);
        await notice.waitFor();
        const text = await notice.textContent();
        assert.ok(text.includes(String(new Date(availability.nextAvailableAt).getFullYear())), text);
        assert.ok(text.endsWith(`(${daysRemainingText(availability.daysRemaining)})`), text);
        assert.equal(await submit.isDisabled(), true, 'Submit is disabled while the chore is unavailable');

        await nav.getByRole('link', { name: 'My Chores' }).click();
        await childPage.getByRole('listitem', { name: choreName }).getByText(/^Available again on /).waitFor();
        await nav.getByRole('link', { name: 'History' }).click();
        const own = childPage.getByRole('listitem', { name: choreName });
        await own.getByText('Approved', { exact: true }).waitFor();
        await own.getByText('Note: Great job!').waitFor();
      });
    });
  });
});
