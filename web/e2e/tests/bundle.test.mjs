// What a first visit downloads before the page is usable. A signed-out
// visitor of / is sent to /login, so the first page is the build's entry
// chunk and every chunk it imports statically, and with them the chunks the
// login needs at once (its screen and its English texts, wherever the build
// puts them). It must stay within FIRST_PAGE_BUDGET. The family's screens
// and their frame, the family tablet, the account pages, the operator console
// and the screens a family visits rarely must stay out of it, each in a chunk
// of its own loaded when the screen first opens (src/app/router.tsx), and so
// must the libraries only they use. English texts of the shell and the login
// come with it; each screen's own come with that screen, and each other
// language is a chunk of its own, loaded when it is chosen
// (src/lib/i18n.ts). Once the page has loaded, the service worker
// (dist/sw.js) stores every chunk in the background so that the app opens
// offline; that is checked here too.
//
// Reads the last build (`npm run build`): dist/.vite/manifest.json names the
// chunks and what they import; dist/.vite/chunk-modules.json (written by the
// build, see vite.config.ts) says which source files and packages each chunk
// holds. DIST_DIR reads another build.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const distDir = process.env.DIST_DIR || fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * The first page's JavaScript, gzipped at level 9 (zlib's best), at most:
 * 150 KB (150,000 bytes), the decimal kilobytes issue 49 counts in.
 */
const FIRST_PAGE_BUDGET = 150_000;
const BUDGET_TEXT = `${FIRST_PAGE_BUDGET / 1000} KB (${FIRST_PAGE_BUDGET.toLocaleString('en')} bytes)`;

/** The login's screen, and the English texts it shows at once (its own, the shell's, the server's refusals'). */
const LOGIN_SCREEN = 'src/features/auth/components/login-page.tsx';
const LOGIN_TEXTS = ['common', 'validation', 'errors', 'auth', 'mfa'].map((namespace) => `src/locales/en/${namespace}.json`);

/** The lazily loaded screens: their entry file, and the folder (or file) none of whose files a first page may carry. */
const LAZY_SCREENS = [
  // The family's frame and its everyday screens.
  ['src/app/routes/family-layout.tsx', 'src/components/layouts/app-layout.tsx'],
  ['src/features/dashboard/components/dashboard-page.tsx', 'src/features/dashboard/'],
  ['src/features/chores/components/chores-page.tsx', 'src/features/chores/'],
  ['src/features/submissions/components/submit-chore-page.tsx', 'src/features/submissions/'],
  ['src/features/approval/components/approval-page.tsx', 'src/features/approval/'],
  // The children's cards, composed with their pauses in the app.
  ['src/app/routes/children.tsx', 'src/features/children/'],
  ['src/features/notifications/components/notifications-page.tsx', 'src/features/notifications/'],
  // The family board, composed with a parent's sign-in in the app.
  ['src/app/routes/tablet.tsx', 'src/features/tablet/'],
  // The account pages besides the login.
  ['src/features/auth/components/register-page.tsx', 'src/features/auth/components/register-page.tsx'],
  ['src/features/auth/components/invitation-page.tsx', 'src/features/auth/components/invitation-page.tsx'],
  ['src/features/auth/components/forgot-password-page.tsx', 'src/features/auth/components/forgot-password-page.tsx'],
  ['src/features/auth/components/reset-password-page.tsx', 'src/features/auth/components/reset-password-page.tsx'],
  ['src/features/auth/components/verify-email-page.tsx', 'src/features/auth/components/verify-email-page.tsx'],
  // The screens a family visits rarely, and the console.
  ['src/features/admin/components/admin-console-page.tsx', 'src/features/admin/'],
  ['src/features/categories/components/categories-page.tsx', 'src/features/categories/'],
  ['src/features/payouts/components/payouts-page.tsx', 'src/features/payouts/'],
  ['src/features/store/components/store-page.tsx', 'src/features/store/'],
  ['src/features/history/components/history-page.tsx', 'src/features/history/'],
  // The settings, composed with the family's pauses and tablets in the app.
  ['src/app/routes/settings.tsx', 'src/features/settings/'],
  ['src/features/team/components/team-page.tsx', 'src/features/team/'],
  // The profile, composed with its two-factor card in the app.
  ['src/app/routes/profile.tsx', 'src/features/profile/'],
  // The console's two-factor screen; the setup it shows is also the profile's.
  ['src/app/routes/admin-two-factor.tsx', 'src/features/mfa/'],
  // The server data cache, made by the first screen that reads server data.
  ['src/app/server-data.tsx', 'src/lib/query-client.ts'],
];

/**
 * The texts loaded on demand: each other language (its entry file and its
 * folder), and the English texts of the screens above (a file each).
 */
const LAZY_TEXTS = [
  ['src/locales/es/index.ts', 'src/locales/es/'],
  ['src/locales/de/index.ts', 'src/locales/de/'],
  ...['dashboard', 'chores', 'submissions', 'approval', 'children', 'tablet', 'categories', 'payouts', 'store', 'history', 'settings', 'team', 'profile', 'admin', 'payslip'].map((namespace) => [
    `src/locales/en/${namespace}.json`,
    `src/locales/en/${namespace}.json`,
  ]),
];

/**
 * The libraries only lazily loaded code uses: the server data cache, the QR
 * codes, the live events' stream, the service worker's registration and the
 * HTML parser of react-i18next's <Trans> (the login uses TaggedText).
 */
const LAZY_PACKAGES = ['@tanstack/query-core', 'qrcode', '@microsoft/fetch-event-source', 'workbox-window', 'html-parse-stringify'].map((name) => `node_modules/${name}/`);

function readJson(name) {
  const file = join(distDir, '.vite', name);
  assert.ok(existsSync(file), `${file} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const manifest = readJson('manifest.json');
const chunkModules = readJson('chunk-modules.json');

/** The manifest keys of the given chunks and of every chunk reachable from them through static imports. */
function staticClosure(...entries) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    assert.ok(chunk, `the manifest names ${key} but has no entry for it`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return [...seen];
}

/** The manifest key of the chunk holding the source file `module` (the build puts each in one chunk). */
function chunkHolding(module) {
  const keys = Object.keys(manifest).filter((key) => chunkModules[manifest[key].file]?.includes(module));
  assert.equal(keys.length, 1, `${module} is in ${keys.length} chunks of the manifest, not one`);
  return keys[0];
}

/** A chunk's JavaScript gzipped at level 9, in bytes. */
function gzippedSize(key) {
  return gzipSync(readFileSync(join(distDir, manifest[key].file)), { level: constants.Z_BEST_COMPRESSION }).length;
}

/** A size in decimal kilobytes, as the budget is given. */
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

describe('the first load', () => {
  const closure = staticClosure('index.html');
  const files = closure.map((key) => manifest[key].file);
  const modules = files.flatMap((file) => chunkModules[file] ?? []);

  it('is built from index.html, with the source files of its chunks known', () => {
    assert.equal(manifest['index.html']?.isEntry, true);
    for (const file of files) assert.ok(chunkModules[file], `no module list for ${file}`);
    assert.ok(modules.includes('src/main.tsx'), 'src/main.tsx is not in the first load');
  });

  it("carries the English texts of the shell and the login, and the login's screen", () => {
    for (const module of [LOGIN_SCREEN, ...LOGIN_TEXTS]) assert.ok(modules.includes(module), `${module} is not in the first load`);
  });
});

describe('the first page (/login, where / sends a signed-out visitor)', () => {
  // The first load, and the chunks the login needs at once wherever they are
  // (a lazily loaded login screen or texts would be fetched as it opens).
  const page = staticClosure('index.html', ...[LOGIN_SCREEN, ...LOGIN_TEXTS].map(chunkHolding));
  const modules = page.flatMap((key) => chunkModules[manifest[key].file] ?? []);
  const sizes = page.map((key) => [manifest[key].file, gzippedSize(key)]).sort((a, b) => b[1] - a[1]);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);

  it(`downloads at most ${BUDGET_TEXT} of JavaScript, gzipped at level 9`, () => {
    const listing = sizes.map(([file, size]) => `  ${kb(size).padStart(9)}  ${file}`).join('\n');
    assert.ok(
      total <= FIRST_PAGE_BUDGET,
      `the first page downloads ${kb(total)} (${total} bytes) of JavaScript, more than ${BUDGET_TEXT}:\n${listing}`,
    );
  });

  for (const [entry, folder] of [...LAZY_SCREENS, ...LAZY_TEXTS]) {
    it(`carries no file of ${folder}`, () => {
      const chunks = page.filter((key) => key.startsWith(folder) || manifest[key].src?.startsWith(folder));
      assert.deepEqual(chunks, [], `chunks of ${folder} are imported statically by the first page`);
      const carried = modules.filter((module) => module.startsWith(folder));
      assert.deepEqual(carried, [], `the first page carries ${folder} (import ${entry} lazily)`);
    });

    it(`loads ${entry} in a chunk of its own when it is first needed`, () => {
      assert.equal(manifest[entry]?.isDynamicEntry, true, `${entry} is not a lazily loaded chunk`);
      assert.ok(
        Object.values(manifest).some((chunk) => chunk.dynamicImports?.includes(entry)),
        `nothing imports ${entry} on demand`,
      );
    });
  }

  it("takes react-router's production build, without its warnings for developers", () => {
    // A warning only the development build gives (ENABLE_DEV_WARNINGS; vite.config.ts picks the other).
    const warning = 'No routes matched location';
    const carrying = page.filter((key) => readFileSync(join(distDir, manifest[key].file), 'utf8').includes(warning));
    assert.deepEqual(carrying, [], "react-router's development build is in the first page");
  });

  for (const name of LAZY_PACKAGES) {
    it(`carries nothing of ${name}`, () => {
      assert.ok(
        Object.values(chunkModules).some((held) => held.includes(name)),
        `no chunk holds ${name}: is the name right?`,
      );
      assert.ok(!modules.includes(name), `the first page carries ${name}`);
    });
  }
});

describe('the service worker', () => {
  const worker = join(distDir, 'sw.js');
  assert.ok(existsSync(worker), `${worker} is missing: run \`npm run build\` first`);
  const precached = [...readFileSync(worker, 'utf8').matchAll(/\burl:\s*"([^"]+)"/g)].map((match) => match[1]);

  it('stores index.html and every chunk and stylesheet of the build, lazily loaded ones included', () => {
    assert.ok(precached.includes('index.html'), 'index.html is not precached');
    const chunks = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
    const missing = [...new Set(chunks)].filter((file) => !precached.includes(file));
    assert.deepEqual(missing, [], 'chunks the service worker does not store');
  });

  it('stores nothing of the API docs page and no build metadata', () => {
    const extra = precached.filter((url) => url.startsWith('api-docs/') || url.startsWith('.vite/'));
    assert.deepEqual(extra, []);
  });
});
