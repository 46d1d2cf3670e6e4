// The reward store end to end: a child redeems a reward from their spend
// jar, a parent approves it, and the child's spend jar drops by its price.
// Both screens work on a 360 px phone without sideways scrolling and pass
// axe-core.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import {
  addChild,
  adjustBalance,
  confirmationDialog,
  createStoreItem,
  jarsOf,
  loginThroughUi,
  nextResponse,
  registerParent,
  sharedBrowser,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { axeViolations, horizontalOverflow, settled } from '../lib/walk.mjs';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

const browser = sharedBrowser();
const PHONE = { viewport: { width: 360, height: 740 } };

/** Serious or critical axe-core faults and sideways scrolling of the screen shown. */
async function problemsOf(page, where) {
  await settled(page);
  const problems = (await axeViolations(page)).map(
    (v) => `${where}: axe ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target).join(', ')}`,
  );
  const overflow = await horizontalOverflow(page);
  if (overflow) problems.push(`${where}: scrolls sideways: ${overflow.culprits.join(', ')}`);
  return problems;
}

/** The amount the child's Store shows in their spend jar. */
function spendCard(page) {
  return page.getByRole('group', { name: 'Your spend jar', exact: true });
}

describe('store', () => {
  test('a child redeems a reward, a parent approves it, and the spend jar drops by its price', async (t) => {
    const parent = await registerParent();
    const suffix = uniqueSuffix().slice(-4);
    const childName = `Mia${suffix}`;
    const reward = `Pizza night ${suffix}`;
    const child = await addChild(parent.token, childName);
    await adjustBalance(parent.token, child.record.id, '+10.00', 'Pocket money');
    const pizza = await createStoreItem(parent.token, { name: reward, description: 'You pick the toppings.', price: 3.5, stock: 2, emoji: '🍕' });
    const problems = [];

    await withPage(
      browser(),
      t,
      async (page, context) => {
        await context.addInitScript({ path: AXE_PATH });
        // The child opens the Store from the menu, sees the reward and their spend jar...
        await loginThroughUi(page, child);
        await page.goto('/store');
        await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
        await spendCard(page).getByText('$10.00', { exact: true }).waitFor();
        const item = page.getByRole('listitem').filter({ hasText: reward });
        await item.getByText('$3.50 · 2 left').waitFor();
        problems.push(...(await problemsOf(page, 'child store')));

        // ...and asks for it (a KIDS child, the default: "Ask for it", not Redeem), once they have agreed in the app's own dialog.
        await item.getByRole('button', { name: `Ask for it: ${reward}` }).click();
        const { dialog: confirmation, question } = await confirmationDialog(page, `Ask for ${reward}?`);
        assert.equal(question, 'It costs $3.50. If Mum or Dad say yes, it comes out of your spend jar.');
        problems.push(...(await problemsOf(page, 'child store, asked to confirm')));
        const [response] = await Promise.all([
          nextResponse(page, 'POST', `/store/items/${pizza.id}/redeem`),
          confirmation.getByRole('button', { name: 'Ask for it', exact: true }).click(),
        ]);
        await confirmation.waitFor({ state: 'detached' });
        assert.equal(response.status(), 201);
        await page.getByText(`You asked for ${reward}! Mum or Dad will say yes or no soon.`).waitFor();
        const requests = page.getByRole('region', { name: 'My Requests' });
        await requests.getByText('Waiting', { exact: true }).waitFor();
        // Nothing is taken before a parent approves.
        assert.equal((await jarsOf(child.token, child.record.id)).spend, 10);

        await withPage(
          browser(),
          t,
          async (parentPage, parentContext) => {
            await parentContext.addInitScript({ path: AXE_PATH });
            // The parent's dashboard counts the request; the Store lists it.
            await loginThroughUi(parentPage, parent);
            await parentPage.getByRole('group', { name: 'Store requests', exact: true }).getByText('1', { exact: true }).waitFor();
            // On a phone the main navigation is a menu: the card leads to the Store.
            await parentPage.getByRole('group', { name: 'Store requests', exact: true }).click();
            await waitForPath(parentPage, '/store');
            const waiting = parentPage.getByRole('region', { name: 'Requests' });
            await waiting.getByText(`${childName} asks for ${reward} ($3.50)`).waitFor();
            problems.push(...(await problemsOf(parentPage, 'parent store')));
            await waiting.getByRole('button', { name: `Approve ${reward} for ${childName}` }).click();
            const dialog = parentPage.getByRole('dialog', { name: `Approve ${reward} for ${childName}` });
            await dialog.getByText(`$3.50 is taken from ${childName}'s spend jar.`).waitFor();
            await dialog.getByLabel('Note').fill('Friday it is');
            const [decided] = await Promise.all([
              parentPage.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/store/redemptions/')),
              dialog.getByRole('button', { name: 'Approve' }).click(),
            ]);
            assert.equal(decided.status(), 200);
            assert.equal((await decided.json()).status, 'APPROVED');
            await waiting.getByText('No requests waiting').waitFor();
            await parentPage.getByText('1 left').waitFor();
          },
          PHONE,
        );

        // The child's spend jar dropped by the price, and the request says so.
        assert.equal((await jarsOf(child.token, child.record.id)).spend, 6.5);
        await page.reload();
        await spendCard(page).getByText('$6.50', { exact: true }).waitFor();
        await requests.getByText('Approved', { exact: true }).waitFor();
        await requests.getByText('Note: Friday it is').waitFor();
        // The child's home shows the jars.
        await page.goto('/');
        const jars = page.getByRole('region', { name: 'Jars' });
        await jars.getByText('$6.50', { exact: true }).waitFor();
        problems.push(...(await problemsOf(page, 'child home')));
      },
      PHONE,
    );
    assert.deepEqual(problems, []);
  });
});
