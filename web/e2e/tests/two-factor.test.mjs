// Two-factor sign-in, end to end: a parent turns it on from Profile (the
// codes of the app computed here from the secret the setup shows), logs in
// with password then code, and once more with a recovery code. The setup
// dialog and the login's code step are checked at 360 px wide, light and
// dark, with axe.
//
// A code is good for its 30-second step and one either side, and each step
// once: turning it on uses the code of the step before now, so that a login
// right after it has a later step's code to give.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  BASE_URL,
  answerConfirmation,
  loginThroughUi,
  nextResponse,
  readSession,
  registerParent,
  sharedBrowser,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { secretOf, totp } from '../lib/totp.mjs';
import { MODES, SIZES, axeViolations, horizontalOverflow, openWalkerContext, settled } from '../lib/walk.mjs';

const browser = sharedBrowser();

const PHONE = SIZES.find((size) => size.width === 360);

/** A code the app does not show now, nor a step either side. */
function wrongCode(secret) {
  const near = [-30_000, 0, 30_000].map((shift) => totp(secret, Date.now() + shift));
  let code = '000000';
  while (near.includes(code)) code = String(Number(code) + 1).padStart(6, '0');
  return code;
}

/**
 * Opens the setup from the Profile's card (the page on /profile) and gives
 * it the current password; resolves to the dialog and the setup the server
 * answered.
 */
async function openSetup(page, password) {
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByText('Off', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await dialog.getByLabel('Current Password').fill(password);
  const [response] = await Promise.all([
    nextResponse(page, 'POST', '/users/me/mfa'),
    dialog.getByRole('button', { name: 'Continue' }).click(),
  ]);
  assert.equal(response.status(), 200);
  const setup = await response.json();
  await dialog.getByRole('img', { name: 'QR code to add Chorely to an authenticator app' }).waitFor();
  return { card, dialog, setup };
}

/** Turns it on in the open setup dialog; resolves to the recovery codes shown and the answer's token. */
async function confirmSetup(page, dialog, secret) {
  await dialog.getByLabel('Code from your app').fill(totp(secret, Date.now() - 30_000));
  const [response] = await Promise.all([
    nextResponse(page, 'POST', '/users/me/mfa/confirm'),
    dialog.getByRole('button', { name: 'Turn on' }).click(),
  ]);
  assert.equal(response.status(), 200);
  const { token } = await response.json();
  const list = dialog.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  return { codes: await list.getByRole('listitem').allInnerTexts(), token };
}

/** Fills the password step of the login screen already open; waits for the code step. */
async function passwordStep(page, { email, password }) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [response] = await Promise.all([
    nextResponse(page, 'POST', '/auth/login'),
    page.getByRole('button', { name: 'Login' }).click(),
  ]);
  assert.equal(response.status(), 200);
  const answer = await response.json();
  assert.equal(answer.mfaRequired, true, `the login started a session: ${JSON.stringify(answer)}`);
  assert.equal(answer.token, undefined);
  await page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }).waitFor();
  return page.getByRole('form', { name: 'Two-factor sign-in' });
}

async function logOut(page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  assert.equal(await answerConfirmation(page, 'Logout', 'Logout'), 'Are you sure you want to logout?');
  await waitForPath(page, '/login');
}

/** The second step through the API: POST /auth/login then /auth/login/mfa; resolves to its status. */
async function secondStepStatus({ email, password }, code) {
  const post = (path, body) =>
    fetch(`${BASE_URL}/api${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { mfaToken } = await (await post('/auth/login', { email, password })).json();
  assert.ok(mfaToken, 'the login asked for no code');
  return (await post('/auth/login/mfa', { mfaToken, code })).status;
}

describe('two-factor sign-in', () => {
  test('the codes of this test are those of RFC 6238', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    assert.equal(totp(secret, 59_000), '287082');
    assert.equal(totp(secret, 1_111_111_109_000), '081804');
    assert.equal(totp(secret, 20_000_000_000_000), '353130');
  });

  test('a parent turns it on from Profile, then logs in with a code, and with a recovery code', async (t) => {
    const parent = await registerParent();
    let recoveryCodes;
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.getByRole('link', { name: /Pat Parent\s*Parent/ }).click();
      await waitForPath(page, '/profile');

      const { card, dialog, setup } = await openSetup(page, parent.password);
      // The key shown is the one the QR code holds, in groups of four.
      const secret = secretOf(setup.otpauthUrl);
      assert.equal(secret, setup.secret);
      await dialog.getByText(secret.match(/.{1,4}/g).join(' '), { exact: true }).waitFor();

      // A wrong code is refused beside the field.
      await dialog.getByLabel('Code from your app').fill(wrongCode(secret));
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      await dialog.getByText('That code is not right').waitFor();

      const before = (await readSession(page)).token;
      const { codes, token } = await confirmSetup(page, dialog, secret);
      assert.equal(codes.length, 10);
      for (const code of codes) assert.match(code, /^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      recoveryCodes = codes;
      // The new token is kept at once.
      assert.notEqual(token, before);
      assert.equal((await readSession(page)).token, token);

      await dialog.getByRole('button', { name: 'I have saved these codes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('On', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Turn off' }).waitFor();

      // Password, then the app's code. Logged out from the dashboard: a login
      // returns to the page that was open when the session ended.
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await logOut(page);
      const form = await passwordStep(page, parent);
      assert.equal(await form.getByLabel('Code from your app').getAttribute('autocomplete'), 'one-time-code');
      await form.getByLabel('Code from your app').fill(wrongCode(secret));
      await form.getByRole('button', { name: 'Verify' }).click();
      await form.getByText('That code is not right').waitFor();
      assert.equal((await readSession(page)).token, null);

      await form.getByLabel('Code from your app').fill(totp(secret));
      const [signedIn] = await Promise.all([
        nextResponse(page, 'POST', '/auth/login/mfa'),
        form.getByRole('button', { name: 'Verify' }).click(),
      ]);
      assert.equal(signedIn.status(), 200);
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      assert.equal((await readSession(page)).token, (await signedIn.json()).token);

      // Password, then a recovery code, typed in lower case.
      await logOut(page);
      const again = await passwordStep(page, parent);
      await again.getByRole('button', { name: 'Use a recovery code' }).click();
      await again.getByLabel('Recovery code').fill(recoveryCodes[0].toLowerCase());
      await again.getByRole('button', { name: 'Verify' }).click();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    });

    // Each recovery code works once.
    assert.equal(await secondStepStatus(parent, recoveryCodes[0]), 400);
    assert.equal(await secondStepStatus(parent, recoveryCodes[1]), 200);
  });
});

describe('the setup dialog and the login code step read well', () => {
  test('they pass axe and fit a 360 px screen, light and dark', async () => {
    const problems = [];
    const check = async (page, where) => {
      await settled(page);
      for (const violation of await axeViolations(page)) problems.push(`${where}: ${violation.id} (${violation.help})`);
      const overflow = await horizontalOverflow(page);
      if (overflow) problems.push(`${where}: scrolls sideways: ${overflow.culprits.join(', ')}`);
    };

    for (const mode of MODES) {
      const parent = await registerParent();
      const where = `${mode} ${PHONE.name}`;
      let secret;
      const signedIn = await openWalkerContext(browser(), { role: 'parent', theme: 'ADULT', token: parent.token }, mode, PHONE);
      try {
        const { page } = signedIn;
        await page.goto('/profile');
        const { dialog, setup } = await openSetup(page, parent.password);
        secret = setup.secret;
        await check(page, `setup dialog, ${where}`);

        await dialog.getByRole('button', { name: 'Turn on' }).click();
        await dialog.getByText('Code is required').waitFor();
        await check(page, `setup dialog with an error, ${where}`);

        await confirmSetup(page, dialog, secret);
        await check(page, `recovery codes, ${where}`);
      } finally {
        await signedIn.context.close();
      }

      const anonymous = await openWalkerContext(browser(), { role: 'guest', theme: 'ADULT', token: null }, mode, PHONE);
      try {
        const { page } = anonymous;
        await page.goto('/login');
        const form = await passwordStep(page, parent);
        await check(page, `login code step, ${where}`);

        await form.getByLabel('Code from your app').fill(wrongCode(secret));
        await form.getByRole('button', { name: 'Verify' }).click();
        await form.getByText('That code is not right').waitFor();
        await check(page, `login code step with an error, ${where}`);

        await form.getByRole('button', { name: 'Use a recovery code' }).click();
        await form.getByLabel('Recovery code').waitFor();
        await check(page, `login recovery code, ${where}`);
      } finally {
        await anonymous.context.close();
      }
    }
    assert.deepEqual(problems, []);
  });
});
