// What a first load downloads: the build's entry chunk and every chunk it
// imports statically. The operator console and the screens a family visits
// rarely must stay out of it, each in a chunk of its own loaded when the
// screen first opens (src/app/router.tsx). English texts come with it; each
// other language is a chunk of its own, loaded when it is chosen
// (src/lib/i18n.ts). Once the page has loaded, the
// service worker (dist/sw.js) stores every chunk in the background so that
// the app opens offline; that is checked here too.
//
// Reads the last build (`npm run build`): dist/.vite/manifest.json names the
// chunks and what they import; dist/.vite/chunk-modules.json (written by the
// build, see vite.config.ts) says which source files each chunk holds.
// DIST_DIR reads another build.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const distDir = process.env.DIST_DIR || fileURLToPath(new URL('../../dist', import.meta.url));

/** The lazily loaded screens: their entry file, and the folder none of whose files a first load may carry. */
const LAZY_SCREENS = [
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
];

/**
 * The texts loaded on demand: each other language (its entry file and its
 * folder), and the English texts of the screens above (a file each).
 */
const LAZY_TEXTS = [
  ['src/locales/es/index.ts', 'src/locales/es/'],
  ['src/locales/de/index.ts', 'src/locales/de/'],
  ...['categories', 'payouts', 'store', 'history', 'settings', 'team', 'profile', 'admin'].map((namespace) => [`src/locales/en/${namespace}.json`, `src/locales/en/${namespace}.json`]),
];

function readJson(name) {
  const file = join(distDir, '.vite', name);
  assert.ok(existsSync(file), `${file} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const manifest = readJson('manifest.json');
const chunkModules = readJson('chunk-modules.json');

/** The manifest keys of the entry chunk and of every chunk reachable from it through static imports. */
function staticClosure(entry) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    assert.ok(chunk, `the manifest names ${key} but has no entry for it`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...seen];
}

describe('the first load', () => {
  const closure = staticClosure('index.html');
  const files = closure.map((key) => manifest[key].file);
  const modules = files.flatMap((file) => chunkModules[file] ?? []);

  it('is built from index.html, with the source files of its chunks known', () => {
    assert.equal(manifest['index.html']?.isEntry, true);
    for (const file of files) assert.ok(chunkModules[file], `no module list for ${file}`);
    assert.ok(modules.includes('src/main.tsx'), 'src/main.tsx is not in the first load');
  });

  it('carries the English texts', () => {
    for (const namespace of ['common', 'validation', 'errors', 'auth', 'chores', 'approval', 'children', 'dashboard', 'submissions', 'mfa']) {
      assert.ok(modules.includes(`src/locales/en/${namespace}.json`), `src/locales/en/${namespace}.json is not in the first load`);
    }
  });

  for (const [entry, folder] of [...LAZY_SCREENS, ...LAZY_TEXTS]) {
    it(`carries no file of ${folder}`, () => {
      const chunks = closure.filter((key) => key.startsWith(folder) || manifest[key].src?.startsWith(folder));
      assert.deepEqual(chunks, [], `chunks of ${folder} are imported statically by the first load`);
      const carried = modules.filter((module) => module.startsWith(folder));
      assert.deepEqual(carried, [], `the first load carries ${folder} (import ${entry} lazily)`);
    });

    it(`loads ${entry} in a chunk of its own when it is first needed`, () => {
      assert.equal(manifest[entry]?.isDynamicEntry, true, `${entry} is not a lazily loaded chunk`);
      assert.ok(
        closure.some((key) => manifest[key].dynamicImports?.includes(entry)),
        `the first load does not import ${entry} on demand`,
      );
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
