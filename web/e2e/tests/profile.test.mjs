import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { launchBrowser, registerParent, waitForPath, withPage } from '../lib/harness.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

describe('profile', () => {
  test('a parent updates their name and sees it in the navigation', async (t) => {
    const parent = await registerParent();
    await withPage(browser, t, async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(parent.email);
      await page.getByLabel('Password', { exact: true }).fill(parent.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await waitForPath(page, '/');

      await page.getByRole('link', { name: /Pat Parent\s*Parent/ }).click();
      await waitForPath(page, '/profile');
      await page.getByText(parent.organizationName).waitFor();

      // The notification settings' checkboxes also name email: the field is the textbox.
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Email is required').waitFor();

      await email.fill(parent.email);
      await page.getByLabel('First Name').fill('Patricia');
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/users/me' && r.request().method() === 'PUT',
        ),
        page.getByRole('button', { name: 'Save Changes' }).click(),
      ]);
      assert.equal(response.status(), 200);
      await page.getByText('Profile updated successfully').waitFor();
      await page.getByRole('link', { name: /Patricia Parent\s*Parent/ }).waitFor();
    });
  });
});
