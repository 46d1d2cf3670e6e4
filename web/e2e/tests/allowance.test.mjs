// Allowance and interest on the screens, on a phone-sized screen: a parent
// (light mode) sets a child's weekly allowance and the interest on their save
// jar from the child's card on the Children screen, and the child (KIDS
// theme, dark mode) reads when the next allowance comes on their home. Each
// screen passes axe-core and nothing scrolls sideways at 360 px.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { addChild, loginThroughUi, nextResponse, registerParent, sharedBrowser } from '../lib/harness.mjs';
import { openWalkerContext, screenProblems } from '../lib/walk.mjs';

const browser = sharedBrowser();
const PHONE = { name: 'phone', width: 360, height: 740 };

let family;

before(async () => {
  const parent = await registerParent({ firstName: 'Al', lastName: 'Lowance' });
  const mia = await addChild(parent.token, 'Mia');
  family = { parent, mia };
});

describe('allowance', () => {
  test('a parent sets an allowance and interest on the child card, and the child sees the next one', async () => {
    const { context, page } = await openWalkerContext(browser(), { role: 'guest', theme: 'ADULT', token: null }, 'light', PHONE);
    try {
      await loginThroughUi(page, family.parent);
      await page.goto('/children');
      const card = page.getByRole('region', { name: "Mia's allowance and interest" });
      await card.getByText('No allowance').waitFor();

      await card.getByRole('button', { name: "Set Mia's allowance" }).click();
      const dialog = page.getByRole('dialog', { name: "Mia's allowance" });
      await dialog.getByLabel('Amount').fill('1000.5');
      await dialog.getByRole('button', { name: 'Save Allowance' }).click();
      await dialog.getByText('An amount from 0 to 1000 in dollars and cents').waitFor();
      await dialog.getByLabel('Amount').fill('5');
      await dialog.getByLabel('Pay day').selectOption({ label: 'Saturday' });
      await dialog.getByLabel('Approved chores needed').fill('3');
      assert.deepEqual(await screenProblems(page, '/children allowance dialog (parent, light)'), []);
      const [saved] = await Promise.all([
        nextResponse(page, 'PUT', `/children/${family.mia.record.id}/allowance`),
        dialog.getByRole('button', { name: 'Save Allowance' }).click(),
      ]);
      assert.equal(saved.status(), 200);
      const allowance = await saved.json();
      assert.deepEqual(
        { amount: allowance.amount, period: allowance.period, day: allowance.day, min: allowance.minApprovedChores },
        { amount: 5, period: 'WEEKLY', day: 6, min: 3 },
      );
      await card.getByText(/Allowance: \$5\.00 every Saturday · needs 3 approved chores · next /).waitFor();

      await card.getByRole('button', { name: "Set the interest on Mia's save jar" }).click();
      const interest = page.getByRole('dialog', { name: "Interest on Mia's save jar" });
      await interest.getByLabel('Percent a month').fill('1.5');
      const [rate] = await Promise.all([
        nextResponse(page, 'PUT', `/children/${family.mia.record.id}/interest`),
        interest.getByRole('button', { name: 'Save Interest' }).click(),
      ]);
      assert.equal(rate.status(), 200);
      await card.getByText('Interest: 1.5% a month on the save jar').waitFor();
      assert.deepEqual(await screenProblems(page, '/children allowance (parent, light)'), []);
    } finally {
      await context.close();
    }
  });

  test('the child reads their next allowance on their home in dark mode', async () => {
    const { context, page } = await openWalkerContext(browser(), { role: 'guest', theme: 'KIDS', token: null }, 'dark', PHONE);
    try {
      await loginThroughUi(page, family.mia);
      await page.getByText(/^Next allowance: \$5\.00 on Saturday, /).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      assert.deepEqual(await screenProblems(page, '/ next allowance (child, dark)'), []);
    } finally {
      await context.close();
    }
  });
});
