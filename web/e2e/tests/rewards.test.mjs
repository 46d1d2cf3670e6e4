import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  addChild,
  approveFromQueue,
  createCategory,
  createChore,
  dashboardStats,
  loginThroughUi,
  nextResponse,
  readSession,
  registerParent,
  sharedBrowser,
  submitChore,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';

const browser = sharedBrowser();

/** Dollars as the screens show them: $1,234.50. */
function dollars(amount) {
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** A dashboard card (a group named by its label). */
function statCard(page, label) {
  return page.getByRole('group', { name: label, exact: true });
}

/** The amount a dashboard card shows, as a number of dollars. */
async function cardAmount(page, label) {
  const text = await statCard(page, label).locator('.stat-card__value').textContent();
  return Number(text.replace(/[$,]/g, ''));
}

/**
 * Opens the dashboard and resolves to the figures the API gives its user,
 * once the card `label` shows what `valueOf` reads from them.
 */
async function openDashboard(page, label, valueOf) {
  // The figures come from the API rather than from the page's own response:
  // a screen may fetch its stats more than once (the previous document's
  // request, a refetch on focus), and the body of a response the browser has
  // already dropped cannot be read.
  await page.goto('/');
  const { token } = await readSession(page);
  const stats = await dashboardStats(token);
  await statCard(page, label).getByText(valueOf(stats), { exact: true }).waitFor();
  return stats;
}

describe('rewards', () => {
  test('an approved chore pays the child, and a payout shows on the parent dashboard', async (t) => {
    const parent = await registerParent();
    const suffix = uniqueSuffix().slice(-4);
    const childName = `Mia${suffix}`;
    const choreName = `Feed the cat ${suffix}`;
    const categoryName = `Pets ${suffix}`;

    const category = await createCategory(parent.token, { name: categoryName });
    const chore = await createChore(parent.token, { name: choreName, baseReward: 2, categoryId: category.id });
    const child = await addChild(parent.token, childName);
    const submission = await submitChore(child.token, chore.id, 'All fed');
    assert.equal(submission.status, 'PENDING');

    await withPage(browser(), t, async (page) => {
      // The parent approves it from the Reviews page.
      await loginThroughUi(page, parent);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).click();
      await waitForPath(page, '/approval');
      const card = page.getByRole('region', { name: `${choreName} by ${childName}` });
      await card.getByText('$2.00').waitFor();
      const reviewed = await approveFromQueue(page, card, submission.id);
      assert.equal(reviewed.boostedReward, 2, 'no grades, average behaviour and no streak multiply by 1.0');

      await withPage(browser(), t, async (childPage) => {
        // The child's dashboard shows the reward in the balance and in green in Recent Activity.
        await loginThroughUi(childPage, child);
        await childPage.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
        const childStats = await openDashboard(childPage, 'My Balance', (stats) => dollars(stats.balance));
        assert.equal(childStats.balance, 2);
        assert.equal(await cardAmount(childPage, 'My Balance'), 2);
        await statCard(childPage, 'My Balance').getByText('$2.00', { exact: true }).waitFor();
        const row = childPage.getByRole('list', { name: 'Recent activity' }).getByRole('listitem', { name: choreName });
        await row.getByText('+$2.00', { exact: true }).waitFor();
        await row.getByText(new RegExp(`^${categoryName} · `)).waitFor();
        assert.match(await row.getAttribute('class'), /list__row--approved/);
        const background = await row.evaluate((element) => getComputedStyle(element).backgroundColor);
        const [red, green] = background.match(/\d+/g).map(Number);
        assert.ok(green > red, `the approved row is green, got ${background}`);
        const chartName = /^Earnings per week over the last \d+ weeks: \$2\.00 in total/;
        await childPage.getByRole('img', { name: chartName }).waitFor();
      });

      // The parent's Paid This Month before the payout...
      const before = await openDashboard(page, 'Paid This Month', (stats) => dollars(stats.totalPaidOutThisMonth));
      const paidBefore = await cardAmount(page, 'Paid This Month');
      assert.equal(paidBefore, before.totalPaidOutThisMonth);

      // ...a payout of $1.50 recorded in the Payouts page...
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payouts' }).click();
      await waitForPath(page, '/payouts');
      const form = page.getByRole('form', { name: 'Record payout' });
      const childSelect = form.getByLabel('Child');
      await childSelect.locator('option', { hasText: `${childName} (balance $2.00)` }).waitFor({ state: 'attached' });
      await form.getByRole('button', { name: 'Record Payout' }).click();
      await form.getByText('Child is required').waitFor();
      await childSelect.selectOption({ label: `${childName} (balance $2.00)` });
      // A payout is taken from the spend jar, where all of the $2.00 went (the default split).
      await form.getByText(`Available to pay out: $2.00 in ${childName}'s spend jar.`).waitFor();
      await form.getByLabel('Amount').fill('2.01');
      await form.getByRole('button', { name: 'Record Payout' }).click();
      await form.getByText(`${childName}'s spend jar has only $2.00`).waitFor();
      await form.getByLabel('Amount').fill('1.50');
      await form.getByLabel('Notes').fill('Pocket money');
      const [payoutResponse] = await Promise.all([
        nextResponse(page, 'POST', '/payouts'),
        form.getByRole('button', { name: 'Record Payout' }).click(),
      ]);
      assert.equal(payoutResponse.status(), 201);
      const payout = await payoutResponse.json();
      assert.equal(payout.amount, 1.5);
      await form.getByText('Payout recorded').waitFor();
      await childSelect.locator('option', { hasText: `${childName} (balance $0.50)` }).waitFor({ state: 'attached' });
      const history = page.getByRole('table', { name: 'Payout history' });
      const entry = history.getByRole('row').filter({ hasText: 'Pocket money' });
      await entry.getByRole('cell', { name: childName, exact: true }).waitFor();
      await entry.getByRole('cell', { name: '$1.50', exact: true }).waitFor();
      const parentCell = await entry.getByRole('cell').nth(1).textContent();
      assert.ok(parentCell.includes(parent.firstName), `the Parent column names who paid, got ${parentCell}`);

      // ...raises it by $1.50.
      const expected = Math.round((paidBefore + 1.5) * 100) / 100;
      const after = await openDashboard(page, 'Paid This Month', () => dollars(expected));
      assert.equal(after.totalPaidOutThisMonth, expected);
      const paidAfter = await cardAmount(page, 'Paid This Month');
      assert.equal(Math.round((paidAfter - paidBefore) * 100), 150);
    });
  });
});
