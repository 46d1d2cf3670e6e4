// Webhooks in Settings on a phone-sized screen: a parent is refused an
// endpoint on 127.0.0.1 (the stack runs without the operator's
// WEBHOOKS_ALLOW_PRIVATE, as production does), adds one on a public address
// (AS112's, whose servers answer DNS only: nothing takes the deliveries, which
// they then show; documentation ranges are refused as not globally routable),
// sees its signing secret once, finds it listed with its events, sends a
// test, and deletes it. The card passes axe-core in light and dark, without
// sideways scrolling at 360 px.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { confirmationDialog, loginThroughUi, nextResponse, registerParent, sharedBrowser } from '../lib/harness.mjs';
import { axeViolations, horizontalOverflow, openWalkerContext, settled } from '../lib/walk.mjs';

const browser = sharedBrowser();
const PHONE = { name: 'phone', width: 360, height: 740 };
const ENDPOINT = 'https://192.31.196.1/chorely/hooks';


/** Serious or critical axe-core faults and sideways scrolling of the screen shown. */
async function problemsOf(page, where) {
  await settled(page);
  const problems = (await axeViolations(page)).map((v) => `${where}: axe ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target).join(', ')}`);
  const overflow = await horizontalOverflow(page);
  if (overflow) problems.push(`${where}: scrolls sideways: ${overflow.culprits.join(', ')}`);
  return problems;
}

describe('webhooks', () => {
  for (const mode of ['light', 'dark']) {
    test(`a parent adds a webhook, sees its secret once, tests and deletes it (${mode})`, async () => {
      const parent = await registerParent({ firstName: 'Wendy', lastName: 'Webhooks' });
      const { context, page } = await openWalkerContext(browser(), { role: 'guest', theme: 'ADULT', token: null }, mode, PHONE);
      try {
        await loginThroughUi(page, parent);
        await page.goto('/settings');
        const card = page.locator('.webhooks-card');
        await card.getByText('No webhooks yet.').waitFor();
        const problems = await problemsOf(page, `settings with the webhooks card (${mode})`);

        // The browser's own checks first, with the service's words.
        await card.getByRole('button', { name: 'Add webhook' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
        await dialog.getByRole('button', { name: 'Add webhook' }).click();
        await dialog.getByText('URL is required').waitFor();
        await dialog.getByRole('checkbox', { name: 'Every event' }).uncheck();
        await dialog.getByLabel('URL').fill('ftp://192.31.196.1/');
        await dialog.getByRole('button', { name: 'Add webhook' }).click();
        await dialog.getByText('URL must start with http:// or https://').waitFor();
        await dialog.getByText('Choose at least one event').waitFor();
        problems.push(...(await problemsOf(page, `the add dialog with its errors (${mode})`)));

        // The operator's own network is refused by the service, beside the URL.
        await dialog.getByRole('checkbox', { name: 'Chore sent for review' }).check();
        await dialog.getByRole('checkbox', { name: 'Chore reviewed' }).check();
        await dialog.getByLabel('URL').fill('http://127.0.0.1:8080/hook');
        const [refused] = await Promise.all([
          nextResponse(page, 'POST', '/webhooks'),
          dialog.getByRole('button', { name: 'Add webhook' }).click(),
        ]);
        assert.equal(refused.status(), 400);
        await dialog.getByText('This address points to a private network and cannot be used').waitFor();

        // A public address is taken, and its secret shown once.
        await dialog.getByLabel('URL').fill(ENDPOINT);
        const [created] = await Promise.all([
          nextResponse(page, 'POST', '/webhooks'),
          dialog.getByRole('button', { name: 'Add webhook' }).click(),
        ]);
        assert.equal(created.status(), 201);
        const hook = (await created.json()).webhook.id;
        const secretDialog = page.getByRole('dialog', { name: 'Your signing secret' });
        const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
        assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
        await secretDialog.getByRole('button', { name: 'Copy signing secret' }).waitFor();
        problems.push(...(await problemsOf(page, `the secret, shown once (${mode})`)));
        await secretDialog.getByRole('button', { name: 'Done' }).click();

        // Listed with its events and on; the secret is nowhere on the page.
        const list = card.getByRole('list', { name: 'Webhooks' });
        const row = list.getByRole('listitem').filter({ hasText: ENDPOINT });
        await row.getByText('Chore sent for review, Chore reviewed').waitFor();
        await row.getByText('On', { exact: true }).waitFor();
        assert.ok(!(await page.content()).includes(secret), 'the secret is shown once');

        // A test is queued and shows among the deliveries.
        const [tested] = await Promise.all([
          nextResponse(page, 'POST', `/webhooks/${hook}/test`),
          row.getByRole('button', { name: `Send test to ${ENDPOINT}` }).click(),
        ]);
        assert.equal(tested.status(), 202);
        await row.getByText('Test sent.').waitFor();
        await row.getByRole('list', { name: 'Deliveries' }).getByText('webhook.test').waitFor();
        problems.push(...(await problemsOf(page, `a webhook with its deliveries (${mode})`)));

        // Deleted after a confirmation, asked in the app's own dialog.
        await row.getByRole('button', { name: `Delete the webhook ${ENDPOINT}` }).click();
        const { dialog: confirmation, question } = await confirmationDialog(page, `Delete the webhook ${ENDPOINT}`);
        assert.match(question, /Delete the webhook https:\/\/192\.31\.196\.1/);
        problems.push(...(await problemsOf(page, `the delete confirmation (${mode})`)));
        const [deleted] = await Promise.all([
          nextResponse(page, 'DELETE', `/webhooks/${hook}`),
          confirmation.getByRole('button', { name: 'Delete', exact: true }).click(),
        ]);
        await confirmation.waitFor({ state: 'detached' });
        assert.equal(deleted.status(), 204);
        await card.getByText('No webhooks yet.').waitFor();

        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});
