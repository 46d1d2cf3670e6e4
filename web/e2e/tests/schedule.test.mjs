// Who does a chore, and when: a parent makes a chore that two children take
// in turns; the child whose turn it is sees it to do, the other sees whose
// turn it is and cannot send it; editing the chore's title keeps the turns;
// a swap gives the turn to the other child. The form, the chores list and
// the homes pass axe and fit a phone, light and dark, in the three themes.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  BASE_URL,
  addChild,
  createCategory,
  createChore,
  loginThroughUi,
  nextResponse,
  registerParent,
  sharedBrowser,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { CHILD_THEMES, MODES, SIZES, axeViolations, horizontalOverflow, openWalkerContext, settled } from '../lib/walk.mjs';

const browser = sharedBrowser();
const PHONE = { viewport: { width: 360, height: 740 } };

let family;

before(async () => {
  const parent = await registerParent();
  const suffix = uniqueSuffix().slice(-4);
  const category = await createCategory(parent.token, { name: `Kitchen ${suffix}` });
  // Lily first: the first child in the turn order has the first turn.
  const lily = await addChild(parent.token, 'Lily', { uiTheme: 'KIDS' });
  const max = await addChild(parent.token, 'Max', { uiTheme: 'TEEN' });
  family = { parent, category, lily, max, choreName: `Dishes rota ${suffix}`, chore: null };
});

/** The chore's row on the parents' Chores screen. */
function choreRow(page, name) {
  return page.getByRole('region', { name: family.category.name }).getByRole('listitem', { name });
}

async function apiGet(path, token) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  assert.equal(response.status, 200, `${path} answered ${response.status}`);
  return response.json();
}

/** axe-core's serious and critical findings and sideways scrolling, in words. */
async function screenProblems(page, where) {
  const problems = (await axeViolations(page)).map((violation) => `${where}: ${violation.id} (${violation.help})`);
  const overflow = await horizontalOverflow(page);
  if (overflow) problems.push(`${where}: scrolls sideways: ${overflow.culprits.join(', ')}`);
  return problems;
}

describe('chores in turns', () => {
  test('a parent makes a chore that Lily and Max take in turns, on a phone', async (t) => {
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.parent);
        await page.goto('/chores');
        await page.getByRole('heading', { name: 'Chores', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Add Chore' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Chore' });
        await dialog.getByLabel('Name').fill(family.choreName);
        await dialog.getByLabel('Base Reward').fill('1.00');
        await dialog.getByLabel('Category').selectOption({ label: family.category.name });
        await dialog.getByLabel('Frequency').selectOption({ label: 'Daily' });

        // Turns need two children: with one, the form says so on the children and sends nothing.
        await dialog.getByLabel('How they share it').selectOption({ label: 'They take turns' });
        const who = dialog.getByRole('group', { name: 'Who does it' });
        await who.getByRole('checkbox', { name: 'Lily' }).check();
        await dialog.getByRole('button', { name: 'Add Chore' }).click();
        await who.getByText('Choose at least two children to take turns').waitFor();

        await who.getByRole('checkbox', { name: 'Max' }).check();
        await dialog.getByText('Lily and Max take turns, one each day.').waitFor();
        assert.equal(await horizontalOverflow(page), null, 'the chore form fits a phone');
        const [response] = await Promise.all([
          nextResponse(page, 'POST', '/chores'),
          dialog.getByRole('button', { name: 'Add Chore' }).click(),
        ]);
        assert.equal(response.status(), 201);
        const chore = await response.json();
        assert.equal(chore.assignmentMode, 'ROTATE');
        assert.deepEqual(chore.assignedChildIds, [family.lily.record.id, family.max.record.id]);
        family.chore = chore;
        await dialog.waitFor({ state: 'detached' });

        const row = choreRow(page, family.choreName);
        await row.getByText('Lily and Max take turns, one each day.').waitFor();
        await row.getByText("Now: Lily's turn").waitFor();
        await row.getByText('Next: Max').waitFor();
      },
      PHONE,
    );
  });

  test("Lily sees it on her home to do; Max sees it is Lily's turn and cannot send it", async (t) => {
    assert.ok(family.chore, 'the chore was made');
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.lily);
        await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
        // Lily is in KIDS: the chore is a card of its own with its "I did it!".
        const todo = page.getByRole('list', { name: 'Chores you can do now' });
        await todo.getByRole('button', { name: `I did it! ${family.choreName}` }).waitFor();
      },
      PHONE,
    );
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.max);
        await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
        const others = page.getByRole('list', { name: 'Chores that are not yours now' });
        const row = others.getByRole('listitem', { name: family.choreName });
        await row.getByText(/^It's Lily's turn/).waitFor();
        await row.getByText('Not your turn', { exact: true }).waitFor();
        assert.equal(await row.getByRole('button').count(), 0);
        assert.equal(await row.getByRole('link').count(), 0);
        assert.equal(await page.getByRole('button', { name: `Do it: ${family.choreName}` }).count(), 0);
        assert.equal(await page.getByRole('list', { name: 'Chores you can do now' }).getByRole('listitem', { name: family.choreName }).count(), 0);

        // Submit Chore will not pick it either.
        await page.goto(`/submit?chore=${family.chore.id}`);
        await waitForPath(page, '/submit');
        const option = page.getByLabel('Chore', { exact: true }).locator(`option[value="${family.chore.id}"]`);
        await option.and(page.locator('option:disabled')).waitFor({ state: 'attached' });
      },
      PHONE,
    );
  });

  test("editing the chore's title keeps the children and their turns", async (t) => {
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, family.parent);
      await page.goto('/chores');
      const renamed = `${family.choreName} (evenings)`;
      await choreRow(page, family.choreName).getByText("Now: Lily's turn").waitFor();
      await page.getByRole('button', { name: `Edit ${family.choreName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${family.choreName}` });
      assert.equal(await dialog.getByRole('checkbox', { name: 'Lily' }).isChecked(), true);
      assert.equal(await dialog.getByRole('checkbox', { name: 'Max' }).isChecked(), true);
      assert.equal(await dialog.getByLabel('How they share it').inputValue(), 'ROTATE');
      await dialog.getByLabel('Name').fill(renamed);
      const [response] = await Promise.all([
        nextResponse(page, 'PUT', `/chores/${family.chore.id}`),
        dialog.getByRole('button', { name: 'Save Changes' }).click(),
      ]);
      assert.equal(response.status(), 200);
      const saved = await response.json();
      assert.equal(saved.name, renamed);
      assert.equal(saved.assignmentMode, 'ROTATE');
      assert.deepEqual(saved.assignedChildIds, [family.lily.record.id, family.max.record.id]);
      await dialog.waitFor({ state: 'detached' });

      const row = choreRow(page, renamed);
      await row.getByText('Lily and Max take turns, one each day.').waitFor();
      await row.getByText("Now: Lily's turn").waitFor();

      // As the server holds it, and as Max's day says.
      const stored = (await apiGet('/chores', family.parent.token)).find((chore) => chore.id === family.chore.id);
      assert.equal(stored.assignmentMode, 'ROTATE');
      assert.deepEqual(stored.assignedChildIds, [family.lily.record.id, family.max.record.id]);
      const today = await apiGet('/chores/today', family.max.token);
      const mine = today.children[0].chores.find((item) => item.chore.id === family.chore.id);
      assert.equal(mine.status, 'NOT_YOUR_TURN');
      assert.equal(mine.turn.name, 'Lily');
      family.choreName = renamed;
    });
  });

  test('a parent swaps turns: it is Max to do it today', async (t) => {
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, family.parent);
      await page.goto('/chores');
      const row = choreRow(page, family.choreName);
      await row.getByText("Now: Lily's turn").waitFor();
      await row.getByRole('button', { name: `Swap turns: ${family.choreName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Swap turns: ${family.choreName}` });
      assert.equal(await dialog.getByLabel('Give this turn to').inputValue(), family.max.record.id);
      const [response] = await Promise.all([
        nextResponse(page, 'POST', `/chores/${family.chore.id}/turns/swap`),
        dialog.getByRole('button', { name: 'Swap', exact: true }).click(),
      ]);
      assert.equal(response.status(), 200);
      await dialog.waitFor({ state: 'detached' });
      await row.getByText("Now: Max's turn").waitFor();
      await row.getByText('Swapped', { exact: true }).waitFor();
    });
    await withPage(
      browser(),
      t,
      async (page) => {
        await loginThroughUi(page, family.max);
        await page.getByRole('list', { name: 'Chores you can do now' }).getByRole('button', { name: `Do it: ${family.choreName}` }).waitFor();
      },
      PHONE,
    );
  });
});

describe('the scheduling screens read well', () => {
  test('the chore form and the turns pass axe and fit a phone, light and dark', async () => {
    assert.ok(family.chore, 'the chore was made');
    const problems = [];
    for (const mode of MODES) {
      for (const size of SIZES) {
        const walker = { role: 'parent', theme: 'ADULT', token: family.parent.token };
        const { context, page } = await openWalkerContext(browser(), walker, mode, size);
        const where = `${mode} ${size.name}`;
        try {
          await page.goto('/chores');
          await choreRow(page, family.choreName).getByText(/^Now: .+'s turn$/).waitFor();
          await settled(page);
          problems.push(...(await screenProblems(page, `chores, ${where}`)));
          await page.getByRole('button', { name: `Edit ${family.choreName}` }).click();
          await page.getByRole('dialog', { name: `Edit ${family.choreName}` }).getByRole('group', { name: 'Due days' }).waitFor();
          await settled(page);
          problems.push(...(await screenProblems(page, `chore form, ${where}`)));
        } finally {
          await context.close();
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  test("a child's home with a sibling's turn passes axe and fits a phone, in each theme, light and dark", async () => {
    // A family of its own (a FREE family has three children at most): a child of each theme
    // taking turns, KIDS first. KIDS has it to do today; TEEN and ADULT see whose turn it is.
    const parent = await registerParent();
    const suffix = uniqueSuffix().slice(-4);
    const category = await createCategory(parent.token, { name: `Outside ${suffix}` });
    const names = { KIDS: 'Ava', TEEN: 'Ben', ADULT: 'Cal' };
    const children = {};
    for (const theme of CHILD_THEMES) {
      children[theme] = await addChild(parent.token, names[theme], { uiTheme: theme });
    }
    const name = `Bins ${suffix}`;
    await createChore(parent.token, {
      name,
      baseReward: 1,
      categoryId: category.id,
      frequencyDays: 1,
      assignmentMode: 'ROTATE',
      assignedChildIds: CHILD_THEMES.map((theme) => children[theme].record.id),
    });
    const phone = SIZES.find((size) => size.width <= 400);
    const problems = [];
    for (const theme of CHILD_THEMES) {
      for (const mode of MODES) {
        const walker = { role: 'child', theme, token: children[theme].token };
        const { context, page } = await openWalkerContext(browser(), walker, mode, phone);
        const where = `${theme} ${mode} ${phone.name}`;
        try {
          await page.goto('/');
          if (theme === 'KIDS') {
            await page.getByRole('list', { name: 'Chores you can do now' }).getByRole('button', { name: `I did it! ${name}` }).waitFor();
          } else {
            const row = page.getByRole('list', { name: 'Chores that are not yours now' }).getByRole('listitem', { name });
            await row.getByText(/^It's Ava's turn/).waitFor();
          }
          await settled(page);
          problems.push(...(await screenProblems(page, `child home, ${where}`)));
        } finally {
          await context.close();
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});
