// The Content-Security-Policy reaches the browser and holds: an injected
// inline script is refused (and the watch every test uses reports it), and
// the API docs page runs under its own policy without a violation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { BASE_URL, sharedBrowser, watchContentSecurityPolicy, withPage } from '../lib/harness.mjs';

const browser = sharedBrowser();

describe('Content-Security-Policy', () => {
  test('an injected inline script does not run and is reported', async () => {
    const context = await browser().newContext({ baseURL: BASE_URL });
    const csp = await watchContentSecurityPolicy(context);
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.locator('#root *').first().waitFor();
      const reported = page.waitForEvent('console', (message) => /Content Security Policy/.test(message.text()));
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.body.append(script);
        return window.injected === true;
      });
      assert.equal(ran, false, 'the inline script ran');
      await reported;
      assert.match(csp.violations.join('\n'), /script-src/);
    } finally {
      csp.ignore();
      await context.close();
    }
  });

  test('the API docs render under their policy', async (t) => {
    await withPage(browser(), t, async (page) => {
      const response = await page.goto('/api/docs');
      assert.match(response.headers()['content-security-policy'], /script-src 'self';/);
      assert.doesNotMatch(response.headers()['content-security-policy'], /unsafe/);
      await page.locator('.swagger-ui h1.title').filter({ hasText: 'Chorely API' }).waitFor();
      // An operation opened: its parameters, example answers and their highlighting.
      const operation = page.locator('.swagger-ui .opblock').first();
      await operation.locator('.opblock-summary').click();
      await operation.locator('.responses-wrapper').waitFor();
    });
  });
});
