// Keyboard and touch: the skip link, the navigation menus' keys, and the size
// of the main controls on a phone (44 px, 48 px in the KIDS theme).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { addChild, createCategory, createChore, registerParent, sharedBrowser, waitForPath } from '../lib/harness.mjs';
import { openWalkerContext } from '../lib/walk.mjs';

const browser = sharedBrowser();
const DESKTOP = { name: '1280x800', width: 1280, height: 800 };
const PHONE = { name: '360x740', width: 360, height: 740 };

let family;

before(async () => {
  const parent = await registerParent();
  const category = await createCategory(parent.token, { name: 'Kitchen' });
  await createChore(parent.token, { name: 'Wash dishes', baseReward: 2, categoryId: category.id });
  const kid = await addChild(parent.token, 'Kit', { uiTheme: 'KIDS' });
  family = { parent, kid };
});

/** Runs `fn` with a signed-in page of its own (a token, as after logging in). */
async function withSignedInPage(token, size, theme, fn) {
  const { context, page } = await openWalkerContext(browser(), { role: 'user', theme, token }, 'light', size);
  try {
    await fn(page);
  } finally {
    await context.close();
  }
}

/** The accessible name, or failing that the text, of the focused element. */
function focused(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase(),
      id: element?.id ?? '',
      text: (element?.getAttribute('aria-label') || element?.textContent || '').trim(),
    };
  });
}

/** The text of the first element of the page that Tab can reach. */
function firstTabStop(page) {
  return page.evaluate(() => {
    const candidates = document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]');
    const first = Array.from(candidates).find((element) => element.tabIndex >= 0 && !element.disabled);
    return first?.textContent?.trim() ?? null;
  });
}

describe('skip link', () => {
  test('is the first stop of Tab, shows when focused and moves focus to the main content', async () => {
    await withSignedInPage(family.parent.token, DESKTOP, 'ADULT', async (page) => {
      await page.goto('/chores');
      await page.getByRole('listitem', { name: 'Wash dishes' }).waitFor();
      const link = page.getByRole('link', { name: 'Skip to main content' });
      // Out of sight until it has focus.
      const hidden = await link.boundingBox();
      assert.ok(hidden && hidden.y + hidden.height <= 0, `the skip link shows before it is focused: ${JSON.stringify(hidden)}`);

      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).text, 'Skip to main content');
      // It slides in: measure it once it has arrived (a link that never
      // comes into sight fails here, on the test's timeout).
      await page.waitForFunction(() => {
        const link = document.activeElement;
        for (let element = link; element; element = element.parentElement) {
          if (element.getAnimations().length > 0) return false;
        }
        return link.getBoundingClientRect().top >= 0;
      });
      const shown = await link.boundingBox();
      assert.ok(shown && shown.y >= 0 && shown.height >= 44, `the focused skip link is not in sight: ${JSON.stringify(shown)}`);

      await page.keyboard.press('Enter');
      assert.equal((await focused(page)).tag, 'main');
      assert.equal(new URL(page.url()).pathname, '/chores', 'the address stays');
      // The next Tab goes on inside the main content, past the navigation.
      await page.keyboard.press('Tab');
      assert.ok(
        await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
        `Tab after the skip link left the main content: ${JSON.stringify(await focused(page))}`,
      );
      // The first stop in the content: this parent has not verified their
      // email yet, so the banner asking to, before the page's own actions.
      assert.equal((await focused(page)).text, 'Send a new link');
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).text, 'Add Chore');
    });
  });

  test('leads the signed-out screens and a child\'s screens too', async () => {
    await withSignedInPage(null, PHONE, 'ADULT', async (page) => {
      await page.goto('/login');
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await firstTabStop(page), 'Skip to main content');
      await page.getByRole('link', { name: 'Skip to main content' }).focus();
      await page.keyboard.press('Enter');
      assert.equal((await focused(page)).tag, 'main');
    });
    await withSignedInPage(family.kid.token, PHONE, 'KIDS', async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await firstTabStop(page), 'Skip to main content');
    });
  });
});

describe('navigation menus', () => {
  test('follow the disclosure pattern: Enter opens, arrows, Home and End move, Escape closes and gives focus back', async () => {
    await withSignedInPage(family.parent.token, DESKTOP, 'ADULT', async (page) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const family = nav.getByRole('button', { name: 'Family' });
      const children = nav.getByRole('link', { name: 'Children' });
      const parents = nav.getByRole('link', { name: 'Parents and Adults' });
      await family.waitFor();
      assert.equal(await family.getAttribute('aria-expanded'), 'false');
      assert.equal(await children.count(), 0, 'a closed menu hides its links');
      const controls = await family.getAttribute('aria-controls');
      assert.ok(controls, 'the button names the list it shows');

      await family.focus();
      await page.keyboard.press('Enter');
      assert.equal(await family.getAttribute('aria-expanded'), 'true');
      await children.waitFor();
      assert.equal(await page.locator(`[id="${controls}"]`).getByRole('link').count(), 2);
      // Enter opens without moving focus; Down moves to the first link.
      assert.equal((await focused(page)).text, 'Family▾');
      await page.keyboard.press('ArrowDown');
      assert.equal((await focused(page)).text, 'Children');
      await page.keyboard.press('ArrowDown');
      assert.equal((await focused(page)).text, 'Parents and Adults');
      await page.keyboard.press('ArrowDown');
      assert.equal((await focused(page)).text, 'Children', 'Down from the last link wraps to the first');
      await page.keyboard.press('ArrowUp');
      assert.equal((await focused(page)).text, 'Parents and Adults', 'Up from the first link wraps to the last');
      await page.keyboard.press('Home');
      assert.equal((await focused(page)).text, 'Children');
      await page.keyboard.press('End');
      assert.equal((await focused(page)).text, 'Parents and Adults');

      await page.keyboard.press('Escape');
      assert.equal(await family.getAttribute('aria-expanded'), 'false');
      assert.equal((await focused(page)).text, 'Family▾', 'Escape gives focus back to the button');
      await parents.waitFor({ state: 'hidden' });

      // Up on the closed button opens it at its last link; Space toggles it.
      await page.keyboard.press('ArrowUp');
      assert.equal((await focused(page)).text, 'Parents and Adults');
      await family.focus();
      await page.keyboard.press('Space');
      assert.equal(await family.getAttribute('aria-expanded'), 'false');

      // Tabbing out of an open menu closes it.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).text, 'Chores▾');
      assert.equal(await family.getAttribute('aria-expanded'), 'false');

      // A link chosen from the keyboard goes to its screen and closes the menu.
      // (Today, Manage Chores, Manage Categories.)
      const chores = nav.getByRole('button', { name: 'Chores' });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      assert.equal((await focused(page)).text, 'Manage Categories');
      await page.keyboard.press('Enter');
      await waitForPath(page, '/categories');
      assert.equal(await chores.getAttribute('aria-expanded'), 'false');
    });
  });
});

/**
 * The controls on the page smaller than `min` px either way: buttons, links
 * styled as buttons or navigation, form fields, tabs and checkbox labels (a
 * checkbox's label is its target). Links inside text are left out.
 */
function smallControls(page, min) {
  return page.evaluate((min) => {
    const selector = [
      'button',
      'a.btn',
      'a.nav-link',
      'a.nav-menu__link',
      'a.profile-link',
      'a.topbar__brand',
      'a.tab-bar__link',
      'input:not([type="checkbox"]):not([type="hidden"])',
      'select',
      '[role="tab"]',
      'label.checkbox-field',
      'summary',
    ].join(',');
    const small = [];
    for (const element of document.querySelectorAll(selector)) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue; // not shown
      if (element.closest('.visually-hidden')) continue;
      if (rect.width < min - 0.5 || rect.height < min - 0.5) {
        const name = element.getAttribute('aria-label') || element.textContent?.trim() || element.getAttribute('name');
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return small;
  }, min);
}

describe('touch targets at 360 px', () => {
  const screens = {
    parent: ['/', '/chores', '/children', '/team', '/settings', '/payouts', '/profile'],
    kid: ['/', '/submit', '/chores', '/history', '/profile'],
  };
  for (const [who, theme, min] of [
    ['parent', 'ADULT', 44],
    ['kid', 'KIDS', 48],
  ]) {
    test(`the main controls of a ${who === 'kid' ? 'child in the KIDS theme' : 'parent'} are at least ${min} px`, async () => {
      const token = who === 'kid' ? family.kid.token : family.parent.token;
      await withSignedInPage(token, PHONE, theme, async (page) => {
        const problems = [];
        for (const path of screens[who]) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.waitForFunction(() => document.querySelector('.spinner-wrap') === null);
          // The folded navigation, opened, with a parent's groups open too.
          await page.getByRole('button', { name: 'Open menu' }).click();
          for (const group of ['Family', 'Chores']) {
            const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: group });
            if (await button.count()) await button.click();
          }
          for (const control of await smallControls(page, min)) problems.push(`${path}: ${control}`);
        }
        assert.deepEqual(problems, [], `controls under ${min} px:\n${problems.join('\n')}`);
      });
    });
  }
});
