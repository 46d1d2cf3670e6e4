// The walk: every route, as a parent, as a child in each interface theme
// (KIDS, TEEN, ADULT), as the super admin and signed out, in light and dark
// mode, at 1280×800 and 360×740. Each screen loads once a size and is checked
// in light mode, then in dark as the app follows the system's turning dark.
// A serious or critical axe-core violation or sideways scrolling fails it,
// and the screen's full-page screenshot is kept in e2e/artifacts/walk/
// (route-role-theme-mode-size.png); WALK_SCREENSHOTS=all keeps every one.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { sharedBrowser } from '../lib/harness.mjs';
import { WALK_LIMIT } from '../lib/limits.mjs';
import { MODES, SIZES, SUPER_ADMIN, WALK_DIR, resetWalkDir, seedFamily, walk } from '../lib/walk.mjs';

const browser = sharedBrowser();
let data;

before(async () => {
  resetWalkDir();
  data = await seedFamily();
  if (!SUPER_ADMIN) {
    console.warn('walk: SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD are not set: the super admin does not walk');
  }
});

describe('walk', () => {
  for (const size of SIZES) {
    test(`every screen at ${size.name} in ${MODES.join(' and ')} mode`, { timeout: WALK_LIMIT }, async () => {
      const started = Date.now();
      const { problems, visits, timings } = await walk(browser(), data, size);
      // The phases overlap (two walkers at a time), so they add up to more than the whole.
      const seconds = (ms) => (ms / 1000).toFixed(1);
      console.log(
        `walk ${size.name}: ${visits} visits in ${seconds(Date.now() - started)} s ` +
          `(loading ${seconds(timings.load)} s, checks ${seconds(timings.checks)} s, screenshots ${seconds(timings.screenshots)} s)`,
      );
      assert.ok(visits > 0, 'the walk visited no screen');
      assert.equal(
        problems.length,
        0,
        `${problems.length} problem(s) at ${size.name} (screenshots in ${WALK_DIR}):\n\n${problems.join('\n\n')}`,
      );
    });
  }
});
