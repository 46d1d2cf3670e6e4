// A child's way in without an email or password (issue 51, point 1): a parent
// adds Nina with a first name alone, shows a sign-in code, and Nina's own phone
// (a second, fresh browser) opens its link and lands on her home, signed in;
// it stays signed in across reloads and when its session has ended. The code
// works once. The parent signs the phone out from Nina's card, and the
// phone's next page load shows the login, saying why. A child who logs out on
// their device is asked first, and the device forgets its token. The screens
// pass axe-core at 360 px, the parent's in light and the child's in dark.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  BASE_URL,
  answerConfirmation,
  currentUserStatus,
  inviteChild,
  loginThroughUi,
  nextResponse,
  registerParent,
  sharedBrowser,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { openWalkerContext, screenProblems } from '../lib/walk.mjs';
import { decodeQrImage } from '../lib/qr.mjs';

const browser = sharedBrowser();
const PHONE = { name: 'phone', width: 360, height: 740 };
const GUEST = { role: 'guest', theme: 'ADULT', token: null };

/** What the browser keeps of its session and of its being a child's device. */
function stored(page) {
  return page.evaluate(() => ({
    token: window.localStorage.getItem('token'),
    deviceToken: window.localStorage.getItem('chorely.deviceToken'),
  }));
}

/** Waits until the API refuses `token` (a revocation reaches every process through events). */
async function untilRefused(token) {
  const deadline = Date.now() + 15_000;
  while ((await currentUserStatus(token)) !== 401) {
    assert.ok(Date.now() < deadline, 'the token was never refused');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new sign-in code for a child, made through the API with the parent's token. */
async function createDeviceLink(parentToken, childId) {
  const response = await fetch(`${BASE_URL}/api/children/${childId}/devices/links`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${parentToken}` },
    body: '{}',
  });
  const text = await response.text();
  assert.equal(response.status, 201, `devices/links answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** Opens the /link address `url` (made on the server's origin) in `page`: path and fragment alone. */
async function openLink(page, url) {
  const link = new URL(url);
  await page.goto(`${link.pathname}${link.hash}`);
}

describe("a child's own device, signed in with a sign-in code", () => {
  let parent;

  before(async () => {
    parent = await registerParent({ firstName: 'Dana', lastName: 'Device' });
  });

  test('Nina, added without an email, signs in on her phone by scanning a code; the parent signs the phone out', async (t) => {
    const parentSide = await openWalkerContext(browser(), GUEST, 'light', PHONE);
    const childSide = await openWalkerContext(browser(), GUEST, 'dark', PHONE);
    const { page } = parentSide;
    const phone = childSide.page;
    const problems = [];
    try {
      // The parent adds Nina with her first name alone: no email, no invitation.
      await loginThroughUi(page, parent);
      await page.goto('/children');
      await page.getByRole('heading', { name: 'Children', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add Child' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Child' });
      await dialog.getByLabel('First Name').fill('Nina');
      await dialog.getByText('Optional. Only for a teen who wants their own email login.').waitFor();
      const [added] = await Promise.all([
        nextResponse(page, 'POST', '/children/invite'),
        dialog.getByRole('button', { name: 'Add Child' }).click(),
      ]);
      assert.equal(added.status(), 201);
      const created = await added.json();
      assert.equal(created.inviteUrl, null, 'a child without an email gets no invitation');
      assert.ok(created.child.userId, 'a child without an email has a login at once');
      await dialog.getByText('Nina is added.').waitFor();
      assert.equal(await dialog.getByRole('textbox', { name: 'Invite Link' }).count(), 0);

      // "Show sign-in code": a QR code of the /link address, until when it works, and the link to copy.
      const [made] = await Promise.all([
        nextResponse(page, 'POST', `/children/${created.child.id}/devices/links`),
        dialog.getByRole('button', { name: 'Show sign-in code' }).click(),
      ]);
      assert.equal(made.status(), 201);
      const { code } = await made.json();
      const linkField = dialog.getByRole('textbox', { name: 'Sign-in link' });
      await linkField.waitFor();
      const url = await linkField.inputValue();
      assert.equal(url, `${new URL(page.url()).origin}/link#${code}`);
      assert.equal(await decodeQrImage(dialog.getByRole('img', { name: "QR code of Nina's sign-in link" })), url);
      await dialog.getByText("Scan with your child's phone or tablet camera").waitFor();
      await dialog.getByText(/^Works once, until /).waitFor();
      await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
      problems.push(...(await screenProblems(page, 'Add Child: the sign-in code')));
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Nina's phone opens the link: it lands on her home, signed in, the code gone from the address.
      const [claimed] = await Promise.all([nextResponse(phone, 'POST', '/auth/device/link'), openLink(phone, url)]);
      assert.equal(claimed.status(), 200);
      await waitForPath(phone, '/');
      await phone.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
      assert.equal(new URL(phone.url()).hash, '', 'the code leaves the address bar');
      const linked = await stored(phone);
      assert.ok(linked.token, 'the session is kept');
      assert.ok(linked.deviceToken, 'the device token is kept');
      problems.push(...(await screenProblems(phone, "Nina's home on her phone")));

      // A reload keeps her signed in; so does a session that has ended (the device opens a new one).
      await phone.reload();
      await phone.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
      assert.equal(new URL(phone.url()).pathname, '/');
      await phone.evaluate(() => window.localStorage.setItem('token', 'expired-token'));
      const [resumed] = await Promise.all([nextResponse(phone, 'POST', '/auth/device/login'), phone.reload()]);
      assert.equal(resumed.status(), 200);
      await phone.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
      assert.equal(new URL(phone.url()).pathname, '/');
      const resumedSession = await stored(phone);
      assert.ok(resumedSession.token && resumedSession.token !== 'expired-token', 'a new session is kept');

      // The code worked once: opened again (elsewhere), it is refused.
      await withPage(browser(), t, async (other) => {
        await openLink(other, url);
        await other.getByRole('heading', { name: 'This code does not work', level: 1 }).waitFor();
        await other
          .getByRole('alert')
          .filter({ hasText: 'This sign-in code is invalid or has expired. Ask a parent for a new one.' })
          .waitFor();
        await other.getByRole('link', { name: 'Go to Login' }).waitFor();
        assert.equal((await stored(other)).deviceToken, null);
      });

      // The parent finds the phone on Nina's card and signs it out.
      await page.reload();
      const card = page.getByRole('region', { name: 'Nina' });
      await card.getByRole('tab', { name: 'Profile of Nina' }).click();
      await card.getByText('Signed-in devices').click();
      const devices = card.getByRole('list', { name: "Nina's devices" });
      await devices.waitFor();
      const rows = devices.getByRole('listitem');
      assert.equal(await rows.count(), 1);
      problems.push(...(await screenProblems(page, "Nina's card with her devices")));
      const device = await onlyDeviceOf(parent.token, created.child.id);
      await rows.first().getByText(device.name, { exact: true }).waitFor();
      const signOut = rows.first().getByRole('button', { name: `Sign out ${device.name}` });
      await signOut.click();
      const [removed, question] = await Promise.all([
        nextResponse(page, 'DELETE', `/children/${created.child.id}/devices/${device.id}`),
        answerConfirmation(page, `Sign out ${device.name}`, 'Sign out'),
      ]);
      assert.equal(removed.status(), 204);
      assert.match(question, /^Sign Nina out of .+\? It stops working at once/);
      await card.getByText("No devices yet. Show a sign-in code and scan it with Nina's phone or tablet.").waitFor();

      // The phone's next page load shows the login, saying why, and it forgets its device token.
      await untilRefused(resumedSession.token);
      await phone.reload();
      await waitForPath(phone, '/login');
      await phone
        .getByRole('status')
        .filter({ hasText: 'This device is no longer signed in. Ask a parent for a new sign-in code.' })
        .waitFor();
      assert.deepEqual(await stored(phone), { token: null, deviceToken: null });
      problems.push(...(await screenProblems(phone, 'the login after the phone was signed out')));

      assert.deepEqual(problems, []);
    } finally {
      await parentSide.context.close();
      await childSide.context.close();
    }
  });

  test('a child who logs out on their device is asked first, and the device forgets its token', async (t) => {
    const { child } = await inviteChild(parent.token, { firstName: 'Ollie', name: 'Ollie', email: '', uiTheme: 'TEEN' });
    const { code } = await createDeviceLink(parent.token, child.id);

    await withPage(browser(), t, async (page) => {
      await page.goto(`/link#${code}`);
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'My Dashboard', level: 1 }).waitFor();
      assert.ok((await stored(page)).deviceToken);

      await page.getByRole('button', { name: 'Logout' }).click();
      assert.equal(
        await answerConfirmation(page, 'Logout', 'Logout'),
        'Sign out of this device? A parent will need to show a new sign-in code.',
      );
      await waitForPath(page, '/login');
      assert.deepEqual(await stored(page), { token: null, deviceToken: null });
      // Nothing signs the device back in: the login stays.
      await page.reload();
      await page.getByRole('button', { name: 'Login' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/login');
    });
  });
});

/** The child's one device, as the parent's API lists it. */
async function onlyDeviceOf(parentToken, childId) {
  const response = await fetch(`${BASE_URL}/api/children/${childId}/devices`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${parentToken}` },
  });
  assert.equal(response.status, 200);
  const devices = await response.json();
  assert.equal(devices.length, 1, JSON.stringify(devices));
  return devices[0];
}
