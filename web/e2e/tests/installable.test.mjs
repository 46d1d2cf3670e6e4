// The app installs and opens offline: its web app manifest and icons, the
// service worker keeping the app shell (and never an API answer), and the
// offline banner.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { addChild, loginThroughUi, registerParent, sharedBrowser, uniqueSuffix, withPage } from '../lib/harness.mjs';
import { MODES, SIZES, axeViolations, horizontalOverflow, openWalkerContext, settled } from '../lib/walk.mjs';

const browser = sharedBrowser();

const OFFLINE_MESSAGE = "You are offline. Changes can't be saved until you're back online.";

/** Width and height from a PNG's header (its IHDR chunk), or null when the bytes are no PNG. */
function pngSize(bytes) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Fetches `url` as an image and checks it is a PNG of `sizes` ("192x192"), as served and as the browser decodes it. */
async function assertPng(page, url, sizes) {
  const response = await page.request.get(url);
  assert.equal(response.status(), 200, `${url} answered ${response.status()}`);
  assert.equal(response.headers()['content-type'], 'image/png', `${url} is not served as a PNG`);
  const [width, height] = sizes.split('x').map(Number);
  assert.deepEqual(pngSize(await response.body()), { width, height }, `${url} is not a ${sizes} PNG`);
  const decoded = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, url);
  assert.deepEqual(decoded, { width, height }, `the browser does not decode ${url} at ${sizes}`);
}

/** The offline banner (its live region holds the message only while offline). */
function offlineBanner(page) {
  return page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE });
}

/**
 * Waits until the page's service worker is active and controls the page;
 * resolves to what the registration says of itself.
 */
async function activeServiceWorker(page) {
  const registration = await page.evaluate(async () => {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker became ready')), 30_000)),
    ]);
    const worker = registration.active;
    if (worker.state !== 'activated') {
      await new Promise((resolve) => {
        const settle = () => worker.state === 'activated' && resolve();
        worker.addEventListener('statechange', settle);
        settle();
      });
    }
    return { scope: registration.scope, script: worker.scriptURL, updateViaCache: registration.updateViaCache };
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return registration;
}

/** axe-core's serious and critical findings, sideways scrolling and a notice out of view, in words. */
async function noticeProblems(page, notice, where) {
  const problems = (await axeViolations(page)).map((violation) => `${where}: ${violation.id} (${violation.help})`);
  const overflow = await horizontalOverflow(page);
  if (overflow) problems.push(`${where}: scrolls sideways: ${overflow.culprits.join(', ')}`);
  const box = await notice.boundingBox();
  const height = page.viewportSize().height;
  if (!box || box.y < 0 || box.y + box.height > height + 0.5) problems.push(`${where}: the notice is out of view`);
  return problems;
}

/** Every address stored in the page's Cache Storage, by cache. */
function cachedUrls(page) {
  return page.evaluate(async () => {
    const stored = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      stored[name] = (await cache.keys()).map((request) => request.url);
    }
    return stored;
  });
}

describe('the installable app', () => {
  test('links a manifest naming Chorely, its start, scope and display, with PNG icons of the sizes it declares', async (t) => {
    await withPage(browser(), t, async (page) => {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Welcome to Chorely' }).waitFor();

      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      assert.ok(href, 'index.html links no manifest');
      const manifestUrl = new URL(href, page.url()).href;
      const response = await page.request.get(manifestUrl);
      assert.equal(response.status(), 200);
      assert.match(response.headers()['content-type'], /^application\/manifest\+json/);
      const manifest = JSON.parse(await response.text());
      assert.equal(manifest.name, 'Chorely');
      assert.ok(manifest.short_name, 'the manifest has no short_name');
      assert.equal(manifest.start_url, '/');
      assert.equal(manifest.scope, '/');
      assert.equal(manifest.display, 'standalone');
      assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
      assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);

      const sizes = manifest.icons.map((icon) => icon.sizes);
      assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), `icons: ${sizes.join(', ')}`);
      assert.ok(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable')), 'no maskable icon');
      for (const icon of manifest.icons) {
        assert.equal(icon.type, 'image/png');
        await assertPng(page, new URL(icon.src, manifestUrl).href, icon.sizes);
      }

      const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      await assertPng(page, new URL(appleIcon, page.url()).href, '180x180');
      const themeColors = await page.locator('meta[name="theme-color"]').evaluateAll((metas) =>
        metas.map((meta) => meta.media),
      );
      assert.deepEqual(themeColors, ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
      assert.equal(await page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute('content'), 'yes');
    });
  });

  test('the service worker takes over, the app opens offline on any route with the banner, and no API answer is stored', async (t) => {
    const parent = await registerParent();

    await withPage(browser(), t, async (page, context) => {
      await loginThroughUi(page, parent);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

      const registration = await activeServiceWorker(page);
      assert.equal(new URL(registration.scope).pathname, '/');
      const script = new URL(registration.script);
      // The browser checks the worker's script past its HTTP cache ('imports' or 'none'), so a
      // deploy is found at the next visit; the server sends it as JavaScript, not for long caching.
      assert.notEqual(registration.updateViaCache, 'all');
      const scriptResponse = await page.request.get(script.href);
      assert.equal(scriptResponse.status(), 200);
      assert.match(scriptResponse.headers()['content-type'], /^(text|application)\/javascript/);
      const cacheControl = scriptResponse.headers()['cache-control'] ?? '';
      assert.doesNotMatch(cacheControl, /immutable|max-age=[1-9]/, `${script.pathname} is cached: ${cacheControl}`);

      // The API docs page stays the server's, never the app shell.
      const docs = await page.goto('/api/docs');
      assert.equal(docs.fromServiceWorker(), false, '/api/docs was answered by the service worker');
      assert.equal(await page.title(), 'Chorely API');
      await page.goto('/');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      assert.equal(await offlineBanner(page).count(), 0, 'the offline banner shows while online');

      // The network goes: the page says so at once.
      await context.setOffline(true);
      await offlineBanner(page).waitFor();

      // Reloading the dashboard comes from the stored app shell, with the banner.
      const reloaded = await page.reload();
      assert.equal(reloaded.fromServiceWorker(), true, 'the reload did not come from the service worker');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await offlineBanner(page).waitFor();

      // A deep route: the screen with its failed load (nothing listed), not a spinner for ever.
      const chores = await page.goto('/chores');
      assert.equal(chores.fromServiceWorker(), true);
      await page.getByRole('heading', { name: 'Chores', level: 1 }).waitFor();
      await offlineBanner(page).waitFor();
      await page.getByText('Loading chores…').waitFor({ state: 'detached' });
      assert.equal(await page.getByText('No chores yet.', { exact: false }).count(), 0);

      // A screen whose code loads on first use comes from the stored chunks too.
      await page.goto('/payouts');
      await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
      await offlineBanner(page).waitFor();

      // Back online: the banner goes and the screen loads its data.
      await page.goto('/chores');
      await page.getByRole('heading', { name: 'Chores', level: 1 }).waitFor();
      await context.setOffline(false);
      await offlineBanner(page).waitFor({ state: 'detached' });
      await page.getByText('No chores yet. Use Add Chore to create your first one.').waitFor();

      // Cache Storage holds the app shell and nothing from the API.
      const stored = await cachedUrls(page);
      const paths = Object.values(stored).flat().map((url) => new URL(url).pathname);
      assert.ok(paths.includes('/index.html'), `the app shell is not stored: ${JSON.stringify(stored)}`);
      const private_ = paths.filter((path) => path === '/api' || path.startsWith('/api/') || path.startsWith('/api-docs/'));
      assert.deepEqual(private_, [], 'API answers are stored in Cache Storage');
    });
  });

  test('a new deploy is offered, not forced: Reload hands the page to the new worker', async (t) => {
    const parent = await registerParent();

    await withPage(browser(), t, async (page, context) => {
      // A deploy, as the browser sees it: a worker script at another address
      // (/sw.js?deploy=2), which the test registers. The app registers /sw.js
      // again after the reload; were that left as it is, the browser would
      // take /sw.js for yet another deploy and the offer would come back. So,
      // once the test has "deployed", the app's register('/sw.js') is pointed at
      // the deploy's address, as the server's /sw.js would then be the new
      // worker. (The browser's own fetch of a worker script cannot be
      // intercepted to change its bytes.) `__chorelyRegistered` counts the
      // registrations that finished.
      await context.addInitScript(() => {
        const register = ServiceWorkerContainer.prototype.register;
        window.__chorelyRegistered = 0;
        ServiceWorkerContainer.prototype.register = function (url, options) {
          const deploy = localStorage.getItem('e2e-deploy');
          const address = deploy && String(url) === '/sw.js' ? `/sw.js?deploy=${deploy}` : url;
          return register.call(this, address, options).then((registration) => {
            window.__chorelyRegistered += 1;
            return registration;
          });
        };
      });
      await loginThroughUi(page, parent);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const first = await activeServiceWorker(page);

      // A deploy: the browser finds another worker script for the app's scope.
      await page.evaluate(() => {
        localStorage.setItem('e2e-deploy', '2');
        return navigator.serviceWorker.register('/sw.js?deploy=2', { scope: '/' });
      });
      const offer = page.getByRole('status').filter({ hasText: 'A new version of Chorely is ready.' });
      await offer.waitFor();
      assert.equal(
        await page.evaluate(() => navigator.serviceWorker.controller.scriptURL),
        first.script,
        'the new worker took over before the user agreed',
      );

      // Both modes of the app's own toggle (in the menu, on a phone).
      await page.setViewportSize({ width: 360, height: 740 });
      // Evaluated, not added as a <script>: the app's policy refuses inline scripts.
      await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
      const problems = [];
      for (const mode of MODES) {
        if ((await page.locator('html').getAttribute('data-theme')) !== mode) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('button', { name: `Switch to ${mode} mode` }).click();
          await page.getByRole('button', { name: 'Close menu' }).click();
        }
        await settled(page);
        problems.push(...(await noticeProblems(page, offer, `update offer, ${mode} 360x740`)));
      }
      assert.deepEqual(problems, []);

      await Promise.all([
        page.waitForEvent('load'),
        offer.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js?deploy=2'));
      // Once the app registered its worker again (the deploy the page runs
      // under), nothing newer waits, and the offer is gone.
      await page.waitForFunction(() => window.__chorelyRegistered > 0);
      const pending = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        return { installing: registration.installing !== null, waiting: registration.waiting !== null };
      });
      assert.deepEqual(pending, { installing: false, waiting: false });
      assert.equal(await offer.count(), 0, 'the offer stays after the reload');
    });
  });

  test('the offline banner passes axe, fits a phone and stays in view, in each theme, light and dark', async () => {
    const parent = await registerParent();
    const walkers = [{ role: 'parent', theme: 'ADULT', token: parent.token }];
    for (const theme of ['KIDS', 'TEEN']) {
      const child = await addChild(parent.token, `${theme[0]}${theme.slice(1).toLowerCase()}${uniqueSuffix().slice(-4)}`, {
        uiTheme: theme,
      });
      walkers.push({ role: 'child', theme, token: child.token });
    }

    const problems = [];
    for (const walker of walkers) {
      for (const mode of MODES) {
        for (const size of SIZES) {
          const { context, page } = await openWalkerContext(browser(), walker, mode, size);
          try {
            await page.goto('/');
            await page.getByRole('heading', { level: 1 }).waitFor();
            await settled(page);
            await context.setOffline(true);
            const banner = offlineBanner(page);
            await banner.waitFor();
            await settled(page);
            problems.push(...(await noticeProblems(page, banner, `${walker.role} ${walker.theme} ${mode} ${size.name}`)));
          } finally {
            await context.close();
          }
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});
