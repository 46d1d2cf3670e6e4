import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  acceptInvite,
  answerConfirmation,
  createInviteCode,
  currentUserStatus,
  inviteChild,
  launchBrowser,
  loginThroughUi,
  nextResponse,
  readSession,
  registerParent,
  uniqueEmail,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { decodeQrImage } from '../lib/qr.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

describe('family', () => {
  test('a parent invites a child, who joins through the invite link', async (t) => {
    const parent = await registerParent();
    const childEmail = uniqueEmail('e2e-child');
    const childName = `Robin${uniqueSuffix().slice(-4)}`;

    await withPage(
      browser,
      t,
      async (page) => {
        await loginThroughUi(page, parent);
        await page.goto('/children');
        await page.getByRole('heading', { name: 'Children', level: 1 }).waitFor();
        await page.getByText(/No children yet/).waitFor();

        await page.getByRole('button', { name: 'Add Child' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Child' });
        await dialog.getByLabel('First Name').fill(childName);
        await dialog.getByLabel('Email').fill(childEmail);
        await dialog.getByLabel('Reward Type', { exact: true }).selectOption({ label: 'Points (pts)' });
        const [response] = await Promise.all([
          nextResponse(page, 'POST', '/children/invite'),
          dialog.getByRole('button', { name: 'Send Invitation' }).click(),
        ]);
        assert.equal(response.status(), 201);
        const created = await response.json();
        assert.equal(created.child.rewardDisplayType, 'POINTS');

        // The dialog ends with the link, a QR code of exactly that link, and Done.
        const linkField = dialog.getByRole('textbox', { name: 'Invite Link' });
        await linkField.waitFor();
        const inviteUrl = await linkField.inputValue();
        assert.equal(inviteUrl, created.inviteUrl);
        const link = new URL(inviteUrl);
        assert.equal(link.pathname, '/register');
        const code = link.searchParams.get('invite');
        assert.ok(code, 'the invite link carries the code');
        assert.equal(code, created.inviteCode);

        const qr = dialog.getByRole('img', { name: 'QR code of the invite link' });
        await qr.waitFor();
        assert.equal(await decodeQrImage(qr), inviteUrl);

        await dialog.getByRole('button', { name: /Copy/ }).click();
        await dialog.getByText('Copied!').waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), inviteUrl);

        await dialog.getByRole('button', { name: 'Done' }).click();
        await dialog.waitFor({ state: 'detached' });
        const card = page.getByRole('region', { name: childName });
        await card.getByText('Invitation pending').waitFor();
        // The card's details are under its Profile tab.
        await card.getByRole('tab', { name: `Profile of ${childName}` }).click();
        await card.getByText(childEmail).waitFor();

        // The child opens the link in a browser of their own.
        await withPage(browser, t, async (childPage) => {
          // Same server, whatever host name the link was made with.
          await childPage.goto(`${link.pathname}${link.search}`);
          await waitForPath(childPage, `/invite/${code}`);
          await childPage.getByRole('heading', { name: /join Chorely/i }).waitFor();
          await childPage.getByText(childName, { exact: true }).waitFor();
          await childPage.getByText(childEmail).waitFor();
          await childPage.getByText(parent.organizationName).waitFor();
          assert.equal(await childPage.getByLabel('Email').count(), 0, 'the invitation names the email');

          await childPage.getByLabel('Password', { exact: true }).fill('kidsecret1');
          await childPage.getByLabel('Confirm Password').fill('kidsecret1');
          await childPage.getByRole('button', { name: 'Accept Invitation' }).click();

          await waitForPath(childPage, '/');
          await childPage.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
          // The balance is in the unit the parent chose, not dollars.
          const balance = childPage.getByRole('group', { name: 'My Balance', exact: true });
          await balance.getByText('0.00 pts', { exact: true }).waitFor();
          const nav = childPage.getByRole('navigation', { name: 'Main' });
          for (const label of ['My Dashboard', 'Do Chore', 'My Chores', 'History']) {
            await nav.getByRole('link', { name: label, exact: true }).waitFor();
          }
          assert.equal(await nav.getByRole('link', { name: 'Reviews' }).count(), 0);
          assert.equal(await nav.getByRole('link', { name: 'Payouts' }).count(), 0);
          const session = await readSession(childPage);
          assert.equal(JSON.parse(session.user).role, 'ORG_MEMBER');
          assert.equal(JSON.parse(session.user).email, childEmail);
          assert.equal(JSON.parse(session.user).profile.rewardDisplayType, 'POINTS');
        });

        await page.reload();
        const joinedCard = page.getByRole('region', { name: childName });
        await joinedCard.getByText('Joined').waitFor();
        assert.equal(await joinedCard.getByText('Invitation pending').count(), 0);
      },
      CLIPBOARD,
    );
  });

  test('a parent invites another parent from the Team page', async (t) => {
    const parent = await registerParent();
    const email = uniqueEmail('e2e-coparent');

    await withPage(
      browser,
      t,
      async (page) => {
        await loginThroughUi(page, parent);
        await page.goto('/team');
        await page.getByRole('heading', { name: 'Team Members', level: 1 }).waitFor();
        const members = page.getByRole('table', { name: 'Active members' });
        await members.getByText(parent.email).waitFor();
        await page.getByText('No pending invitations.').waitFor();

        await page.getByRole('button', { name: 'Invite Parent' }).click();
        const dialog = page.getByRole('dialog', { name: 'Invite Parent' });
        assert.equal(await dialog.getByLabel('Email').inputValue(), '');
        assert.equal(await dialog.getByLabel('Role').inputValue(), 'ORG_ADMIN');
        assert.equal(await dialog.getByLabel('Expires In').inputValue(), '7');
        const [response] = await Promise.all([
          nextResponse(page, 'POST', '/organizations/invite-codes'),
          dialog.getByRole('button', { name: 'Create Invitation' }).click(),
        ]);
        assert.equal(response.status(), 201);
        const invite = await response.json();
        assert.equal(invite.role, 'ORG_ADMIN');
        assert.ok(!invite.email, 'an open invite code names no email');

        const linkField = dialog.getByRole('textbox', { name: 'Invite Link' });
        await linkField.waitFor();
        const link = await linkField.inputValue();
        assert.equal(link, `${new URL(page.url()).origin}/invite/${invite.code}`);
        await dialog.getByRole('button', { name: /Copy/ }).click();
        await dialog.getByText('Copied!').waitFor();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        assert.equal(copied, link);
        await dialog.getByRole('button', { name: 'Done' }).click();
        await dialog.waitFor({ state: 'detached' });

        const pending = page.getByRole('list', { name: 'Pending invitations' });
        const row = pending.getByRole('listitem').filter({ hasText: invite.code });
        await row.waitFor();
        await row.getByText(/Any email · Parent · Expires/).waitFor();

        await withPage(browser, t, async (invitee) => {
          await invitee.goto(copied);
          await invitee.getByRole('heading', { name: /join Chorely/i }).waitFor();
          await invitee.getByLabel('Email').fill(email);
          await invitee.getByLabel('First Name').fill('Casey');
          await invitee.getByLabel('Last Name').fill('Coparent');
          await invitee.getByLabel('Password', { exact: true }).fill('secret123');
          await invitee.getByLabel('Confirm Password').fill('secret123');
          await invitee.getByRole('button', { name: 'Accept Invitation' }).click();

          await waitForPath(invitee, '/');
          await invitee.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).waitFor();
          await invitee.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        });

        await page.reload();
        const newRow = members.getByRole('row').filter({ hasText: email });
        await newRow.waitFor();
        await newRow.getByText('Casey Coparent').waitFor();
        await newRow.getByRole('cell', { name: 'Parent', exact: true }).waitFor();
        await page.getByText('No pending invitations.').waitFor();
        assert.equal(await page.getByText(invite.code).count(), 0);
      },
      CLIPBOARD,
    );
  });

  test('a deactivated parent is signed out on their next call', async (t) => {
    const parent = await registerParent();
    const invite = await createInviteCode(parent.token);
    const other = { email: uniqueEmail('e2e-leaving'), password: 'secret123' };
    await acceptInvite({
      inviteCode: invite.code,
      password: other.password,
      email: other.email,
      firstName: 'Lee',
      lastName: 'Leaving',
    });

    await withPage(browser, t, async (otherPage) => {
      await loginThroughUi(otherPage, other);
      await otherPage.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const { token } = await readSession(otherPage);
      assert.ok(token, 'the second parent is signed in');
      assert.equal(await currentUserStatus(token), 200);

      await withPage(browser, t, async (page) => {
        await loginThroughUi(page, parent);
        await page.goto('/team');
        const members = page.getByRole('table', { name: 'Active members' });
        await members.getByText(other.email).waitFor();
        // Nobody is offered to deactivate themself.
        const ownRow = members.getByRole('row').filter({ hasText: parent.email });
        assert.equal(await ownRow.getByRole('button', { name: /Deactivate/ }).count(), 0);

        await page.getByRole('button', { name: 'Deactivate Lee Leaving' }).click();
        const [response, question] = await Promise.all([
          page.waitForResponse(
            (r) => /^\/api\/users\/[^/]+\/deactivate$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT',
          ),
          answerConfirmation(page, 'Deactivate Lee Leaving', 'Deactivate'),
        ]);
        assert.match(question, /^Deactivate Lee Leaving\?/);
        assert.equal(response.status(), 200);
        await members.getByText(other.email).waitFor({ state: 'detached' });

        await page.reload();
        await members.getByText(parent.email).waitFor();
        assert.equal(await members.getByText(other.email).count(), 0);
      });

      assert.equal(await currentUserStatus(token), 401);
      await otherPage.reload();
      await waitForPath(otherPage, '/login');
      await otherPage.waitForFunction(
        () => window.localStorage.getItem('token') === null && window.localStorage.getItem('user') === null,
      );
      await otherPage.getByRole('button', { name: 'Login' }).waitFor();
      // Not silently: the login screen says why the session ended.
      const notice = otherPage.getByRole('status').filter({ hasText: 'Your session has ended.' });
      await notice.waitFor();
      assert.equal(await notice.innerText(), 'Your session has ended.\nThis account has been deactivated');
    });
  });

  test('behaviour ratings accept only whole numbers from 1 to 10', async (t) => {
    const parent = await registerParent();
    const childName = `Kit${uniqueSuffix().slice(-4)}`;
    const { child } = await inviteChild(parent.token, { firstName: childName, name: childName });

    await withPage(browser, t, async (page) => {
      const ratingCalls = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && new URL(request.url()).pathname.endsWith('/ratings')) {
          ratingCalls.push(request);
        }
      });

      await loginThroughUi(page, parent);
      await page.goto('/children');
      const card = page.getByRole('region', { name: childName });
      // The ratings are under the card's School tab (it opens on Money, again after each reload).
      const school = (region) => region.getByRole('tab', { name: `School for ${childName}` }).click();
      await school(card);
      await card.getByLabel('Honesty').waitFor();
      const before = {
        honesty: await card.getByLabel('Honesty').inputValue(),
        respect: await card.getByLabel('Respect').inputValue(),
        rules: await card.getByLabel('Rules').inputValue(),
      };
      assert.deepEqual(before, {
        honesty: String(child.honestyRating),
        respect: String(child.respectRating),
        rules: String(child.rulesRating),
      });

      await card.getByLabel('Honesty').fill('11');
      await card.getByRole('button', { name: 'Save Ratings' }).click();
      await card.getByText('Ratings must be whole numbers from 1 to 10').waitFor();
      assert.equal(ratingCalls.length, 0, 'nothing was sent');

      await page.reload();
      const reloaded = page.getByRole('region', { name: childName });
      await school(reloaded);
      await reloaded.getByLabel('Honesty').waitFor();
      assert.equal(await reloaded.getByLabel('Honesty').inputValue(), before.honesty);

      await reloaded.getByLabel('Honesty').fill('8');
      await reloaded.getByLabel('Respect').fill('7');
      await reloaded.getByLabel('Rules').fill('9');
      const [response] = await Promise.all([
        nextResponse(page, 'PUT', `/children/${child.id}/ratings`),
        reloaded.getByRole('button', { name: 'Save Ratings' }).click(),
      ]);
      assert.equal(response.status(), 200);
      await reloaded.getByText('Ratings saved').waitFor();

      await page.reload();
      const saved = page.getByRole('region', { name: childName });
      await school(saved);
      await saved.getByLabel('Honesty').waitFor();
      assert.equal(await saved.getByLabel('Honesty').inputValue(), '8');
      assert.equal(await saved.getByLabel('Respect').inputValue(), '7');
      assert.equal(await saved.getByLabel('Rules').inputValue(), '9');
    });
  });

  test('a parent renames the family in Settings', async (t) => {
    const parent = await registerParent();
    const newName = `Renamed Family ${uniqueSuffix()}`;

    await withPage(browser, t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/settings');
      // Settings opens on General Settings, with Reward Multipliers a tab away.
      await page.getByRole('tab', { name: 'Reward Multipliers' }).waitFor();
      assert.equal(await page.getByRole('tab', { name: 'General Settings' }).getAttribute('aria-selected'), 'true');
      const familyName = page.getByLabel('Family Name');
      await familyName.waitFor();
      assert.equal(await familyName.inputValue(), parent.organizationName);
      assert.equal(await page.getByLabel('Time Zone').inputValue(), parent.timeZone);

      await familyName.fill('');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Family name is required').waitFor();

      await familyName.fill(newName);
      const [response] = await Promise.all([
        nextResponse(page, 'PUT', '/organizations/current'),
        page.getByRole('button', { name: 'Save Settings' }).click(),
      ]);
      assert.equal(response.status(), 200);
      await page.getByText('Settings saved').waitFor();

      await page.reload();
      await page.getByLabel('Family Name').waitFor();
      assert.equal(await page.getByLabel('Family Name').inputValue(), newName);

      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Account Information' }).waitFor();
      await page.getByText(newName, { exact: true }).waitFor();
    });
  });
});
