import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  acceptInvite,
  createInviteCode,
  launchBrowser,
  readSession,
  registerParent,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

describe('invitations', () => {
  test('an invited parent sets a password and lands on the dashboard', async (t) => {
    const parent = await registerParent();
    const invite = await createInviteCode(parent.token);
    assert.equal(invite.role, 'ORG_ADMIN');
    const email = `e2e-invitee-${uniqueSuffix()}@example.com`;

    await withPage(browser, t, async (page) => {
      await page.goto(`/invite/${invite.code}`);
      await page.getByRole('heading', { name: /join Chorely/i }).waitFor();
      await page.getByText(parent.organizationName).waitFor();
      await page.getByText(/only your family can see it/i).waitFor();

      // An open invite code names no invitee, so the screen asks who they are.
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('First Name').fill('Sam');
      await page.getByLabel('Last Name').fill('Invited');

      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm Password').fill('secret124');
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      await page.getByText('Passwords do not match').waitFor();
      assert.match(new URL(page.url()).pathname, /^\/invite\//);

      await page.getByLabel('Confirm Password').fill('secret123');
      await page.getByRole('button', { name: 'Accept Invitation' }).click();

      await waitForPath(page, '/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).waitFor();
      await page.getByRole('button', { name: /Family/ }).waitFor();
      const session = await readSession(page);
      assert.ok(session.token, 'token stored');
      assert.ok(session.user, 'user loaded from /users/me and stored');
      assert.equal(JSON.parse(session.user).role, 'ORG_ADMIN');
      assert.equal(JSON.parse(session.user).email, email);
      assert.equal(JSON.parse(session.user).organization.name, parent.organizationName);
    });
  });

  test('an invitation naming an email asks for a name and password, not the email', async (t) => {
    const parent = await registerParent();
    const email = `e2e-named-${uniqueSuffix()}@example.com`;
    const invite = await createInviteCode(parent.token, { role: 'ORG_ADMIN', email, expiresInDays: 7 });

    await withPage(browser, t, async (page) => {
      await page.goto(`/invite/${invite.code}`);
      await page.getByText(email).waitFor();
      assert.equal(await page.getByLabel('Email').count(), 0);
      await page.getByLabel('First Name').fill('Robin');
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm Password').fill('secret123');
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      await waitForPath(page, '/');
      const session = await readSession(page);
      assert.equal(JSON.parse(session.user).email, email);
    });
  });

  test('/accept-invite/<code> shows the same invitation screen', async (t) => {
    const parent = await registerParent();
    const invite = await createInviteCode(parent.token);

    await withPage(browser, t, async (page) => {
      await page.goto(`/accept-invite/${invite.code}`);
      await page.getByRole('heading', { name: /join Chorely/i }).waitFor();
      await page.getByText(parent.organizationName).waitFor();
      await page.getByLabel('Confirm Password').waitFor();
    });
  });

  test('a code already used shows Invalid Invitation with the server message', async (t) => {
    const parent = await registerParent();
    const email = `e2e-used-${uniqueSuffix()}@example.com`;
    const invite = await createInviteCode(parent.token, { role: 'ORG_ADMIN', email, expiresInDays: 1 });
    await acceptInvite({ inviteCode: invite.code, password: 'secret123', firstName: 'Used' });

    await withPage(browser, t, async (page) => {
      await page.goto(`/invite/${invite.code}`);
      await page.getByRole('heading', { name: 'Invalid Invitation' }).waitFor();
      await page.getByText('Invalid or expired invitation').waitFor();
    });
  });

  test('a bogus code shows Invalid Invitation with a way back to login', async (t) => {
    await withPage(browser, t, async (page) => {
      await page.goto(`/invite/bogus-${uniqueSuffix()}`);
      await page.getByRole('heading', { name: 'Invalid Invitation' }).waitFor();
      await page.getByRole('button', { name: 'Go to Login' }).click();
      await waitForPath(page, '/login');
    });
  });
});
