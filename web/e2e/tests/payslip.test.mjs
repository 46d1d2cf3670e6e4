// The weekly payslip and savings goals end to end: a child with an A grade
// and excellent behaviour has a chore approved; on their home they set a
// savings goal and see its progress from the save jar; their payslip shows
// the chore as base × each multiplier = reward, and prints on one page
// (Chromium's PDF has one page, A4 and Letter). The parent sees the goal and
// the payslip from the child's card. Every screen works at 360 px without
// sideways scrolling and passes axe-core.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import {
  BASE_URL,
  addChild,
  createCategory,
  createChore,
  createSubject,
  gradeSubject,
  loginThroughUi,
  nextResponse,
  registerParent,
  reviewSubmission,
  sharedBrowser,
  submitChore,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { axeViolations, horizontalOverflow, settled } from '../lib/walk.mjs';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

const browser = sharedBrowser();
const PHONE = { viewport: { width: 360, height: 740 } };

async function put(token, path, body) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${path} answered ${response.status}: ${await response.text()}`);
}

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

/** The pages of a PDF Chromium printed (each page object is `/Type /Page`). */
function pageCount(pdf) {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

describe('payslip', () => {
  test('a child sets a goal, reads their weekly payslip with its multipliers, and it prints on one page', async (t) => {
    const parent = await registerParent();
    const suffix = uniqueSuffix().slice(-4);
    const childName = `Mia${suffix}`;
    const chore = `Dishes ${suffix}`;
    const child = await addChild(parent.token, childName);
    const childId = child.record.id;
    // An A (× 1.5) and excellent behaviour (× 1.2); half of what she earns is saved.
    await put(parent.token, `/children/${childId}/ratings`, { honestyRating: 9, respectRating: 9, rulesRating: 9 });
    const math = await createSubject(parent.token, childId, { name: 'Math', gradeScale: 'LETTER' });
    await gradeSubject(parent.token, math.id, { grade: 'A' });
    await put(parent.token, `/children/${childId}/split`, { spend: 50, save: 50, give: 0 });
    const kitchen = await createCategory(parent.token, { name: `Kitchen ${suffix}` });
    const dishes = await createChore(parent.token, { name: chore, baseReward: 2, categoryId: kitchen.id });
    const submission = await submitChore(child.token, dishes.id);
    const reviewed = await reviewSubmission(parent.token, submission.id, 'APPROVED');
    assert.equal(reviewed.boostedReward, 3.6);
    const problems = [];

    await withPage(
      browser(),
      t,
      async (page, context) => {
        await context.addInitScript({ path: AXE_PATH });
        await loginThroughUi(page, child);
        // Her home: no goals yet; she adds one.
        const goals = page.getByRole('region', { name: 'My savings goals' });
        await goals.getByText('No goals yet. What would you like to save for?').waitFor();
        await goals.getByRole('button', { name: 'Add a goal' }).click();
        const dialog = page.getByRole('dialog', { name: 'New savings goal' });
        await dialog.getByLabel('What are you saving for?').fill('Bike');
        await dialog.getByLabel('How much does it cost?').fill('3');
        await dialog.getByLabel('Emoji').fill('🚲');
        const [created] = await Promise.all([
          nextResponse(page, 'POST', `/children/${childId}/goals`),
          dialog.getByRole('button', { name: 'Save goal' }).click(),
        ]);
        assert.equal(created.status(), 201);
        // $1.80 of the $3.60 went to the save jar: 60% of the way.
        await goals.getByText('$1.80 of $3.00 saved, $1.20 to go').waitFor();
        assert.equal(await goals.getByRole('progressbar', { name: 'Saved towards Bike' }).getAttribute('value'), '60');
        problems.push(...(await problemsOf(page, 'child home')));

        // Her payslip of this week: "My money" to a KIDS child (the default).
        await page.getByRole('link', { name: 'My money' }).click();
        await waitForPath(page, `/payslip/${childId}`);
        await page.getByRole('heading', { name: 'My money', level: 1 }).waitFor();
        await page.getByText('This week you earned $3.60!').waitFor();
        const line = page.getByRole('listitem').filter({ hasText: chore });
        await line.waitFor();
        const calculation = (await line.locator('.payslip__calculation').innerText()).replace(/\s+/g, ' ');
        assert.equal(calculation, '$2.00 × 1.5 for grades × 1.2 for behaviour × 1.0 for your streak = $3.60');
        await line.getByText('Spend $1.80 · Save $1.80').waitFor();
        await page.getByRole('row', { name: /Save \$0\.00 \$1\.80 \$0\.00 \$1\.80/ }).waitFor();
        await page.getByRole('button', { name: 'Print or save as PDF' }).waitFor();
        problems.push(...(await problemsOf(page, 'payslip')));

        // Printed, the navigation and the buttons are gone and it is one page.
        for (const format of ['A4', 'Letter']) {
          const pdf = await page.pdf({ format, printBackground: true });
          assert.equal(pageCount(pdf), 1, `the ${format} payslip has ${pageCount(pdf)} pages`);
        }
        await page.emulateMedia({ media: 'print' });
        assert.equal(await page.getByRole('button', { name: 'Print or save as PDF' }).isVisible(), false);
        assert.equal(await page.locator('.topbar').isVisible(), false);
        await page.emulateMedia({ media: 'screen' });

        // The week before is empty; back to this one.
        await page.getByRole('button', { name: '← Week before' }).click();
        await page.getByText('No money earned this week yet.').waitFor();
        await page.getByRole('button', { name: 'Week after →' }).click();
        await page.getByText('This week you earned $3.60!').waitFor();
      },
      PHONE,
    );

    await withPage(
      browser(),
      t,
      async (page, context) => {
        await context.addInitScript({ path: AXE_PATH });
        await loginThroughUi(page, parent);
        await page.goto('/children');
        const card = page.getByRole('region', { name: childName, exact: true });
        const goals = card.getByRole('region', { name: `${childName}'s savings goals` });
        await goals.getByText('Bike').waitFor();
        await goals.getByText('$1.80 of $3.00 saved, $1.20 to go').waitFor();
        problems.push(...(await problemsOf(page, 'children')));
        await card.getByRole('link', { name: `${childName}'s payslip` }).click();
        await waitForPath(page, `/payslip/${childId}`);
        await page.getByRole('heading', { name: `${childName}'s payslip`, level: 1 }).waitFor();
        await page.getByText(`This week ${childName} earned $3.60.`).waitFor();
        problems.push(...(await problemsOf(page, 'parent payslip')));
      },
      PHONE,
    );
    assert.deepEqual(problems, []);
  });
});
