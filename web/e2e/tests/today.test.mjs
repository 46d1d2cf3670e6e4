// A parent's Today: each child's chores of today with where each stands, in
// plain words and the family's time zone; "Swap turns" on the chore of the
// child whose turn it is moves the turn to the other child. The screen passes
// axe and fits a phone, light and dark (parents see the ADULT theme).
//
// Missed chores and their Excuse are not arranged here: a miss needs a due
// day to end, and this stack runs on the real clock (no clock is injected
// into it). The unit tests of the screen cover the misses and the excuse;
// gateway/tests/api/missed.rs covers misses against the real services.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

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
import { MODES, SIZES, axeViolations, horizontalOverflow, openWalkerContext, settled } from '../lib/walk.mjs';

const browser = sharedBrowser();

let family;

before(async () => {
  // The family's zone is UTC (registerParent's default).
  const parent = await registerParent();
  const suffix = uniqueSuffix().slice(-4);
  const category = await createCategory(parent.token, { name: `Home ${suffix}` });
  const lily = await addChild(parent.token, 'Lily');
  const max = await addChild(parent.token, 'Max');
  const names = { bins: `Bins ${suffix}`, dishes: `Dishes ${suffix}`, bed: `Bed ${suffix}` };
  await createChore(parent.token, {
    name: names.bins,
    baseReward: 1,
    categoryId: category.id,
    frequencyDays: 1,
    assignmentMode: 'ROTATE',
    assignedChildIds: [lily.record.id, max.record.id],
  });
  const dishes = await createChore(parent.token, { name: names.dishes, baseReward: 1, categoryId: category.id, frequencyDays: 1 });
  await createChore(parent.token, {
    name: names.bed,
    baseReward: 1,
    categoryId: category.id,
    assignedChildIds: [max.record.id],
    dueDays: [1, 2, 3, 4, 5, 6, 7],
    dueTime: '23:59',
  });
  await submitChore(lily.token, dishes.id);
  family = { parent, lily, max, names };
});

/** A child's list on Today, and one chore's row in it. */
const listOf = (page, child) => page.getByRole('list', { name: `${child}'s chores today` });
const rowOf = (page, child, chore) => listOf(page, child).getByRole('listitem', { name: chore });

async function screenProblems(page, where) {
  const problems = (await axeViolations(page)).map((violation) => `${where}: ${violation.id} (${violation.help})`);
  const overflow = await horizontalOverflow(page);
  if (overflow) problems.push(`${where}: scrolls sideways: ${overflow.culprits.join(', ')}`);
  return problems;
}

describe("a parent's Today", () => {
  test("shows each child's chores with their statuses, and swaps a turn", async (t) => {
    const { names } = family;
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, family.parent);
      // Reached from the navigation: Chores > Today.
      await page.getByRole('button', { name: 'Chores' }).click();
      await page.getByRole('link', { name: 'Today' }).click();
      await waitForPath(page, '/today');
      await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();

      // Lily has the turn of the bins and sent the dishes; Max has neither, and his bed is due by 23:59 UTC.
      await rowOf(page, 'Lily', names.bins).getByText('To do', { exact: true }).waitFor();
      await rowOf(page, 'Lily', names.dishes).getByText('Done', { exact: true }).waitFor();
      await rowOf(page, 'Max', names.bins).getByText("Lily's turn", { exact: true }).waitFor();
      await rowOf(page, 'Max', names.dishes).getByText('To do', { exact: true }).waitFor();
      const bed = rowOf(page, 'Max', names.bed);
      await bed.getByText('Due by 11:59 PM', { exact: true }).waitFor();
      assert.match(await bed.locator('.badge').innerText(), /^(To do|Due soon)$/);
      assert.equal(await listOf(page, 'Lily').getByRole('listitem', { name: names.bed }).count(), 0, "the bed is only Max's");
      assert.equal(await listOf(page, 'Max').getByRole('button', { name: `Swap turns: ${names.bins}` }).count(), 0);

      // The swap gives today's turn to Max.
      await rowOf(page, 'Lily', names.bins).getByRole('button', { name: `Swap turns: ${names.bins}` }).click();
      const dialog = page.getByRole('dialog', { name: `Swap turns: ${names.bins}` });
      await dialog.getByLabel('Give this turn to').selectOption({ label: 'Max' });
      await dialog.getByRole('button', { name: 'Swap' }).click();
      await dialog.waitFor({ state: 'detached' });
      await rowOf(page, 'Max', names.bins).getByText('To do', { exact: true }).waitFor();
      await rowOf(page, 'Lily', names.bins).getByText("Max's turn", { exact: true }).waitFor();
      await rowOf(page, 'Max', names.bins).getByRole('button', { name: `Swap turns: ${names.bins}` }).waitFor();
    });
  });

  test('passes axe and fits a phone, light and dark', async () => {
    const problems = [];
    for (const size of SIZES) {
      for (const mode of MODES) {
        const walker = { role: 'parent', theme: 'ADULT', token: family.parent.token };
        const { context, page } = await openWalkerContext(browser(), walker, mode, size);
        try {
          await page.goto('/today');
          await rowOf(page, 'Max', family.names.bed).waitFor();
          await settled(page);
          problems.push(...(await screenProblems(page, `today, ${mode} ${size.name}`)));
        } finally {
          await context.close();
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  test("the Week tab shows who does what each day, and passes axe and fits a phone, light and dark", async () => {
    const problems = [];
    for (const size of SIZES) {
      for (const mode of MODES) {
        const walker = { role: 'parent', theme: 'ADULT', token: family.parent.token };
        const { context, page } = await openWalkerContext(browser(), walker, mode, size);
        try {
          await page.goto('/today');
          await page.getByRole('tab', { name: 'Week' }).click();
          const table = page.getByRole('table', { name: /^Who does what/ });
          await table.waitFor();
          // Max's bed is due every day; the bins go to one child each day.
          const max = table.getByRole('row').filter({ hasText: 'Max' });
          assert.equal(await max.getByText(family.names.bed, { exact: false }).count(), 7, `${mode} ${size.name}`);
          const bins = await table.getByText(family.names.bins, { exact: false }).count();
          assert.equal(bins, 7, `one child has the bins each day (${mode} ${size.name})`);
          await page.getByRole('button', { name: 'Next week' }).click();
          await page.getByRole('button', { name: 'This week' }).waitFor({ state: 'visible' });
          await table.waitFor();
          await settled(page);
          problems.push(...(await screenProblems(page, `week, ${mode} ${size.name}`)));
        } finally {
          await context.close();
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});
