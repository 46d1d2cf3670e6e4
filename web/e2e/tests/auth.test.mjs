import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  answerConfirmation,
  launchBrowser,
  readSession,
  registerParent,
  uniqueEmail,
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

async function fillLogin(page, email, password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

describe('authentication', () => {
  test('register, land on the dashboard, logout, and login again', async (t) => {
    await withPage(browser, t, async (page) => {
      const email = uniqueEmail();
      const password = 'secret123';

      await page.goto('/register');
      await page.getByLabel('Family Name').fill(`E2E Family ${uniqueSuffix()}`);
      await page.getByLabel('First Name').fill('Erin');
      await page.getByLabel('Last Name').fill('Tester');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create Account' }).click();

      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const afterRegister = await readSession(page);
      assert.ok(afterRegister.token, 'token stored after registering');
      assert.ok(afterRegister.user, 'user stored after registering');

      // Logout asks first, in the app's own dialog.
      await page.getByRole('button', { name: 'Logout' }).click();
      assert.equal(await answerConfirmation(page, 'Logout', 'Logout'), 'Are you sure you want to logout?');
      await waitForPath(page, '/login');
      assert.deepEqual(await readSession(page), { token: null, user: null });

      await fillLogin(page, email, password);
      await page.getByRole('button', { name: 'Login' }).click();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    });
  });

  test('a wrong password shows the server message and stays on /login', async (t) => {
    const parent = await registerParent();
    await withPage(browser, t, async (page) => {
      await page.goto('/login');
      await fillLogin(page, parent.email, 'definitely-wrong');

      const [response] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login'),
        page.getByRole('button', { name: 'Login' }).click(),
      ]);
      assert.equal(response.status(), 401);
      const body = await response.json();
      const expected = body.message || body.error;
      assert.ok(expected, 'the server sent an error text');

      await page.getByRole('alert').filter({ hasText: expected }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/login');
      assert.equal((await readSession(page)).token, null);
    });
  });

  test('an invalid email shows the validation text without calling the server', async (t) => {
    await withPage(browser, t, async (page) => {
      const loginCalls = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/auth/login') loginCalls.push(request);
      });

      await page.goto('/login');
      await fillLogin(page, 'not-an-email', 'whatever');
      await page.getByRole('button', { name: 'Login' }).click();

      await page.getByText('Please enter a valid email address').waitFor();
      assert.equal(new URL(page.url()).pathname, '/login');
      assert.equal(loginCalls.length, 0);
    });
  });

  test('a tampered token sends the visitor to /login and clears the session', async (t) => {
    const parent = await registerParent();
    const tampered = `${parent.token.slice(0, -4)}${parent.token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    await withPage(browser, t, async (page) => {
      await page.goto('/login');
      await page.evaluate(
        ([token, user]) => {
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('user', user);
        },
        [tampered, JSON.stringify(parent.user)],
      );

      await page.goto('/');
      await waitForPath(page, '/login');
      await page.waitForFunction(
        () => window.localStorage.getItem('token') === null && window.localStorage.getItem('user') === null,
      );
      await page.getByRole('button', { name: 'Login' }).waitFor();
    });
  });

  test('an expired token sends the visitor to /login and clears the session', async (t) => {
    const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = [
      encode({ alg: 'HS256', typ: 'JWT' }),
      encode({ sub: 'nobody', exp: 1_000_000_000, iat: 999_990_000 }),
      'c2lnbmF0dXJl',
    ].join('.');

    await withPage(browser, t, async (page) => {
      await page.goto('/login');
      await page.evaluate((token) => window.localStorage.setItem('token', token), expired);

      await page.goto('/');
      await waitForPath(page, '/login');
      await page.waitForFunction(
        () => window.localStorage.getItem('token') === null && window.localStorage.getItem('user') === null,
      );
    });
  });

  test('page titles name the product and the screen', async (t) => {
    await withPage(browser, t, async (page) => {
      await page.goto('/login');
      await page.waitForFunction(() => /Chorely.*Login/.test(document.title));

      await page.goto('/register');
      await page.waitForFunction(() => document.title.includes('Create Account'));
    });
  });
});
