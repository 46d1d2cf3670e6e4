import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  addChild,
  createCategory,
  createChore,
  loginThroughUi,
  registerParent,
  sharedBrowser,
  submitChore,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';

const browser = sharedBrowser();

/** Profile → Notifications. */
const settingsCard = (page) =>
  page.locator('section.card').filter({ has: page.getByRole('heading', { level: 2, name: 'Notifications', exact: true }) });

describe('notifications', () => {
  test("a child's submission rings the parent's bell without a reload, and the parent marks it read", async (t) => {
    const parent = await registerParent();
    const suffix = uniqueSuffix().slice(-4);
    const category = await createCategory(parent.token, { name: `Garden ${suffix}` });
    const chore = await createChore(parent.token, { name: `Rake leaves ${suffix}`, baseReward: 2, categoryId: category.id });
    const child = await addChild(parent.token, `Ada${suffix}`);

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      const bell = page.getByRole('link', { name: 'Notifications', exact: true });
      await bell.waitFor();
      let reloaded = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true;
      });

      // Submitted on the child's phone: the bell counts it.
      await submitChore(child.token, chore.id, 'All raked');
      const ringing = page.getByRole('link', { name: 'Notifications, 1 unread', exact: true });
      await ringing.waitFor();
      assert.equal(reloaded, false, 'the page did not reload');

      await ringing.click();
      await waitForPath(page, '/notifications');
      const list = page.getByRole('list', { name: 'Notifications' });
      const told = `Ada${suffix} sent "Rake leaves ${suffix}" for review`;
      const item = list.getByRole('listitem').filter({ hasText: told });
      await item.waitFor();
      await item.getByRole('button', { name: `Mark as read: ${told}` }).click();
      await bell.waitFor();
      await item.getByRole('button').waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: '0 unread' }).waitFor();
    });
  });

  test('a parent chooses the digest time and turns the weekly summary off in the profile', async (t) => {
    const parent = await registerParent();
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/profile');
      const card = settingsCard(page);
      const time = card.getByLabel('Time of the daily digest');
      await time.waitFor();
      assert.equal(await time.inputValue(), '18:00', 'the default time');
      await time.fill('07:30');
      await card.getByLabel('Weekly summary by email').uncheck();
      await card.getByRole('button', { name: 'Save notification settings' }).click();
      await card.getByText('Notification settings saved.').waitFor();
      await page.reload();
      const again = settingsCard(page);
      await again.getByLabel('Time of the daily digest').waitFor();
      assert.equal(await again.getByLabel('Time of the daily digest').inputValue(), '07:30');
      assert.equal(await again.getByLabel('Weekly summary by email').isChecked(), false);
    });
  });
});
