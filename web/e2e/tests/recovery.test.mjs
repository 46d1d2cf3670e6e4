// Forgot password, end to end: asked for on /login, the mail read from the
// maildir of the SMTP server the scripts start (SMTP_MAILDIR), its link
// opened, a new password set, and a login with it. The screens are checked
// at 360 px wide with axe on the way.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createRequire } from 'node:module';

import { launchBrowser, registerParent, waitForPath, withPage } from '../lib/harness.mjs';
import { axeViolations, horizontalOverflow } from '../lib/walk.mjs';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');
const MAILDIR = process.env.SMTP_MAILDIR || join(homedir(), '.cache', 'chorely', 'mail');

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Decodes a quoted-printable body. */
function quotedPrintable(body) {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded plain-text parts of every mail to `recipient`, oldest first. */
function mailsTo(recipient) {
  let names;
  try {
    names = readdirSync(join(MAILDIR, 'new'));
  } catch {
    return [];
  }
  return names
    .map((name) => join(MAILDIR, 'new', name))
    .map((file) => ({ file, raw: readFileSync(file, 'utf8'), at: statSync(file).mtimeMs }))
    .filter(({ raw }) => raw.toLowerCase().includes(`x-rcptto: ${recipient.toLowerCase()}`))
    .sort((a, b) => a.at - b.at)
    .map(({ raw }) =>
      raw
        .split(/\r?\n--/)
        .map((part) => {
          const [head, ...rest] = part.split(/\r?\n\r?\n/);
          const body = rest.join('\n\n');
          if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
          if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return quotedPrintable(body);
          return body;
        })
        .join('\n'),
    );
}

/** Waits for the mail to `recipient` that holds a link containing `path`; returns that link. */
async function linkMailedTo(recipient, path) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const text of mailsTo(recipient)) {
      const link = text.split(/\s+/).find((word) => word.startsWith('http') && word.includes(path));
      if (link) return link;
    }
    assert.ok(Date.now() < deadline, `no mail with a ${path} link reached ${recipient} in ${MAILDIR}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** No serious axe violation and no sideways scrolling on the page as it is. */
async function assertAccessible(page, where) {
  const violations = await axeViolations(page);
  assert.deepEqual(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    [],
    `${where}: axe violations`,
  );
  assert.equal(await horizontalOverflow(page), null, `${where}: scrolls sideways at 360 px`);
}

describe('password recovery', () => {
  test('forgot password: ask on /login, follow the mailed link, set a new password, log in with it', async (t) => {
    const parent = await registerParent();
    await withPage(
      browser,
      t,
      async (page, context) => {
        await context.addInitScript({ path: AXE_PATH });
        await page.goto('/login');
        await page.getByRole('link', { name: 'Forgot password?' }).click();
        await waitForPath(page, '/forgot-password');
        await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
        await assertAccessible(page, '/forgot-password');

        await page.getByLabel('Email').fill(parent.email);
        const [answer] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/forgot-password'),
          page.getByRole('button', { name: 'Send reset link' }).click(),
        ]);
        assert.equal(answer.status(), 202);
        // The same words whether or not the account exists.
        await page.getByText(`If an account exists for ${parent.email}, we sent a link`).waitFor();

        const link = await linkMailedTo(parent.email, '/reset-password/');
        const url = new URL(link);
        await page.goto(url.pathname);
        await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
        await assertAccessible(page, '/reset-password');

        await page.getByLabel('New Password', { exact: true }).fill('a-new-secret');
        await page.getByLabel('Confirm Password', { exact: true }).fill('a-different-one');
        await page.getByRole('button', { name: 'Save new password' }).click();
        await page.getByText('Passwords do not match').waitFor();

        await page.getByLabel('Confirm Password', { exact: true }).fill('a-new-secret');
        await page.getByRole('button', { name: 'Save new password' }).click();
        // Signed in at once, with a banner until the email is verified.
        await waitForPath(page, '/');
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

        // The link works once.
        await page.evaluate(() => window.localStorage.clear());
        await page.goto(url.pathname);
        await page.getByLabel('New Password', { exact: true }).fill('yet-another-one');
        await page.getByLabel('Confirm Password', { exact: true }).fill('yet-another-one');
        await page.getByRole('button', { name: 'Save new password' }).click();
        await page.getByRole('alert').filter({ hasText: 'This password reset link has already been used.' }).waitFor();

        // The new password logs in; the old one no longer does.
        await page.goto('/login');
        await page.getByLabel('Email').fill(parent.email);
        await page.getByLabel('Password', { exact: true }).fill(parent.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
        await page.getByLabel('Password', { exact: true }).fill('a-new-secret');
        await page.getByRole('button', { name: 'Login' }).click();
        await waitForPath(page, '/');
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      },
      { viewport: { width: 360, height: 740 } },
    );
  });

  test('the verification banner sends a new link, and the link verifies the email', async (t) => {
    const parent = await registerParent();
    await withPage(
      browser,
      t,
      async (page, context) => {
        await context.addInitScript({ path: AXE_PATH });
        await context.addInitScript((token) => window.localStorage.setItem('token', token), parent.token);
        await page.goto('/');
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        await page.getByText('Please verify your email').waitFor();
        await assertAccessible(page, 'the dashboard with the banner');
        await page.getByRole('button', { name: 'Send a new link' }).click();
        await page.getByText('A new link is on its way.').waitFor();

        const link = await linkMailedTo(parent.email, '/verify-email/');
        await page.goto(new URL(link).pathname);
        await page.getByText(`${parent.email} is verified. Thank you!`).waitFor();
        await assertAccessible(page, '/verify-email');
        await page.getByRole('link', { name: 'Continue to Chorely' }).click();
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        // The dashboard may show first with the user as it was kept, before
        // the account is read again: the banner goes once it is.
        await page.getByText('Please verify your email').waitFor({ state: 'detached' });
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
