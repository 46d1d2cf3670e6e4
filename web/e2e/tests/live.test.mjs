import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  addChild,
  createCategory,
  createChore,
  loginThroughUi,
  registerParent,
  reviewSubmission,
  sharedBrowser,
  submitChore,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';

const browser = sharedBrowser();

describe('live updates', () => {
  test('a parent on Reviews sees a new submission arrive, and a child sees the approval, without reloading', async (t) => {
    const parent = await registerParent();
    const suffix = uniqueSuffix().slice(-4);
    const choreName = `Water the plants ${suffix}`;
    const category = await createCategory(parent.token, { name: `Garden ${suffix}` });
    const chore = await createChore(parent.token, { name: choreName, baseReward: 3, categoryId: category.id });
    const child = await addChild(parent.token, `Ada${suffix}`);

    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Reviews', exact: true }).click();
      await waitForPath(page, '/approval');
      await page.getByText('No submissions waiting for review').waitFor();
      let reloaded = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true;
      });

      // Submitted elsewhere (the child's phone): it appears here.
      const submission = await submitChore(child.token, chore.id, 'All watered');
      const card = page.getByRole('region', { name: `${choreName} by Ada${suffix}` });
      await card.waitFor();
      await nav.getByRole('link', { name: 'Reviews, 1 waiting', exact: true }).waitFor();

      await withPage(browser(), t, async (childPage) => {
        await loginThroughUi(childPage, child);
        const activity = childPage.getByRole('list', { name: 'Recent activity' });
        await activity.getByRole('listitem', { name: choreName }).getByText('Waiting for review').waitFor();
        let childReloaded = false;
        childPage.on('framenavigated', (frame) => {
          if (frame === childPage.mainFrame()) childReloaded = true;
        });

        // Approved elsewhere (the other parent's phone): the child's home shows it.
        await reviewSubmission(parent.token, submission.id, 'APPROVED');
        await activity.getByRole('listitem', { name: choreName }).getByText('+$3.00').waitFor();
        await childPage
          .getByRole('group', { name: 'My Balance', exact: true })
          .getByText('$3.00', { exact: true })
          .waitFor();
        assert.equal(childReloaded, false, "the child's page did not reload");
      });

      // And it has left the parent's queue.
      await card.waitFor({ state: 'detached' });
      assert.equal(reloaded, false, "the parent's page did not reload");
    });
  });
});
