#!/usr/bin/env node
// End-to-end suite: drives Chromium against a running Chorely server.
//
//   BASE_URL      server under test (default http://127.0.0.1:8080)
//   CHROMIUM_PATH browser binary   (default /usr/bin/chromium)
//
// Arguments, if any, pick the test files whose name holds one of them.
//
// Exits non-zero with a clear message when the server or browser is missing.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BASE_URL, CHROMIUM_PATH } from './lib/config.mjs';
import { WALK_LIMIT } from './lib/limits.mjs';

const here = dirname(fileURLToPath(import.meta.url));

async function checkServer() {
  try {
    await fetch(`${BASE_URL}/`, { signal: AbortSignal.timeout(5000), redirect: 'manual' });
    return null;
  } catch (error) {
    const cause = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);
    return cause;
  }
}

const problem = await checkServer();
if (problem) {
  console.error(`e2e: server not reachable at BASE_URL=${BASE_URL} (${problem}).`);
  console.error('e2e: start the server first, or set BASE_URL to where it listens.');
  process.exit(1);
}

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`e2e: no Chromium at ${CHROMIUM_PATH}; set CHROMIUM_PATH to a Chromium binary.`);
  process.exit(1);
}

// `npm run e2e -- walk` runs only the files whose name holds one of the words given.
const only = process.argv.slice(2);
const testsDir = join(here, 'tests');
const names = readdirSync(testsDir)
  .filter((name) => name.endsWith('.test.mjs'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();

/**
 * Each file, and each test in it, must end within its time limit (node's
 * runner times a whole file as one test). The limits catch a hang, not a
 * slow machine: each is several times what the file takes here (most files
 * take under a minute), so a slower machine of the same kind passes too. The
 * walk's limit is its two walks' own (one a size: WALK_LIMIT in
 * e2e/lib/limits.mjs) and its seed.
 */
const LIMITS = { 'walk.test.mjs': 2 * WALK_LIMIT + 120_000 };
const DEFAULT_LIMIT = 300_000;
const groups = new Map();
for (const name of names) {
  const limit = LIMITS[name] ?? DEFAULT_LIMIT;
  groups.set(limit, [...(groups.get(limit) ?? []), join(testsDir, name)]);
}

console.log(`e2e: running ${names.length} file(s) against ${BASE_URL}`);

/**
 * Files run side by side, each against the same stack with families of its
 * own: most of a browser test waits on the stack and on rendering, so two at
 * a time keep the two cores busy (E2E_CONCURRENCY sets how many).
 */
const CONCURRENCY = Number(process.env.E2E_CONCURRENCY ?? 2);

/**
 * Runs one group of files with its time limit; resolves to whether they all
 * passed. Its report is printed whole when it ends, so groups that run side
 * by side do not mix their lines.
 */
function run(limit, files, concurrency) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, `--test-timeout=${limit}`, ...files],
      { stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
    );
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      resolve(!signal && code === 0);
    });
  });
}

// The walk (its own group: it runs two pages at a time itself) beside the
// other files, which run CONCURRENCY at a time.
const results = await Promise.all(
  [...groups].map(([limit, files]) => run(limit, files, limit === DEFAULT_LIMIT ? CONCURRENCY : 1)),
);
process.exit(results.every(Boolean) ? 0 : 1);
