// The three interface themes are three designs, not three colours: the same
// screen (the child's dashboard) as a child in KIDS, TEEN and ADULT reads with
// a different base font size, card corners and spacing, in light and dark mode;
// KIDS also get a picture per chore and simpler words, and each its own layout:
// KIDS the chores as picture cards with one "I did it!", TEEN the streak and
// jars first and a compact list, ADULT the list beside Recent Activity.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  BASE_URL,
  addChild,
  createCategory,
  createChore,
  registerParent,
  reviewSubmission,
  sharedBrowser,
  submitChore,
  watchContentSecurityPolicy,
} from '../lib/harness.mjs';

const THEMES = ['KIDS', 'TEEN', 'ADULT'];
const browser = sharedBrowser();
const children = {};

before(async () => {
  const { token } = await registerParent({ firstName: 'Theo', lastName: 'Themes' });
  const kitchen = await createCategory(token, { name: 'Kitchen' });
  const dishes = await createChore(token, { name: 'Wash dishes', baseReward: 2, categoryId: kitchen.id });
  const ages = { KIDS: 'CHILD', TEEN: 'TEEN', ADULT: 'YOUNG_ADULT' };
  for (const theme of THEMES) {
    const child = await addChild(token, `${theme[0]}${theme.slice(1).toLowerCase()}`, { uiTheme: theme, ageGroup: ages[theme] });
    // One reviewed chore, so the dashboard's Recent Activity has a row.
    const submission = await submitChore(child.token, dishes.id);
    await reviewSubmission(token, submission.id, 'APPROVED');
    children[theme] = child;
  }
});

/** The child's dashboard as the child with `theme`, in `mode`, at a phone's width; returns what it measures. */
async function measure(theme, mode) {
  const context = await browser().newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 }, colorScheme: mode, reducedMotion: 'reduce' });
  // Closing the context fails on any Content-Security-Policy violation.
  await watchContentSecurityPolicy(context);
  try {
    await context.addInitScript((token) => window.localStorage.setItem('token', token), children[theme].token);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await activity.getByRole('listitem').first().waitFor();
    // And the chores to do, which each theme lays out its own way.
    await page.getByRole('list', { name: 'Chores you can do now' }).getByRole('listitem').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    return await page.evaluate(() => {
      const html = document.documentElement;
      const card = document.querySelector('.card');
      // Recent Activity: a list every theme shows the same way (the chores to do are laid out by theme).
      const list = document.querySelector('ul[aria-label="Recent activity"]');
      const before = (first, second) =>
        Boolean(first && second && first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
      const chores = document.querySelector('section[aria-label="Chores to do"]');
      const styles = (element) => getComputedStyle(element);
      const px = (value) => Number.parseFloat(value);
      return {
        uiTheme: html.dataset.uiTheme,
        mode: html.dataset.theme,
        fontSize: px(styles(document.body).fontSize),
        fontFamily: styles(document.body).fontFamily,
        nunitoLoaded: document.fonts.check('16px "Nunito Variable"'),
        cardRadius: px(styles(card).borderTopLeftRadius),
        cardPadding: px(styles(card).paddingTop),
        cardGap: px(styles(card).rowGap),
        rowPadding: px(styles(list.querySelector('li')).paddingTop),
        titleSize: px(styles(document.querySelector('h1')).fontSize),
        primary: styles(html).getPropertyValue('--color-primary').trim(),
        // The chore's picture before its name (KIDS only) and the page's words under its title.
        emoji: getComputedStyle(list.querySelector('[data-emoji]'), '::before').content,
        description: document.querySelector('.page-header__description')?.textContent ?? '',
        // The layout: picture cards (KIDS), the streak and jars before a compact list (TEEN), the list beside Recent Activity.
        pictureCards: chores?.querySelectorAll('.kid-chore').length ?? 0,
        didItButtons: chores?.querySelectorAll('.kid-chore button').length ?? 0,
        streakFirst: before(document.querySelector('section[aria-label="Streak and jars"]'), chores),
        compact: chores?.classList.contains('do-now--compact') ?? false,
        besideActivity: chores?.parentElement?.classList.contains('grid-2') ?? false,
      };
    });
  } finally {
    await context.close();
  }
}

describe('interface themes', () => {
  for (const mode of ['light', 'dark']) {
    test(`KIDS, TEEN and ADULT lay out the child's dashboard differently in ${mode} mode`, { timeout: 180_000 }, async () => {
      const seen = {};
      for (const theme of THEMES) {
        seen[theme] = await measure(theme, mode);
        assert.equal(seen[theme].uiTheme, theme, `the ${theme} child's page carries data-ui-theme=${theme}`);
        assert.equal(seen[theme].mode, mode);
      }
      const { KIDS: kids, TEEN: teen, ADULT: adult } = seen;
      const table = JSON.stringify(seen, null, 1);

      // Type: KIDS largest (about 18 px), TEEN 15 px, ADULT the smallest; headings follow the scale.
      assert.equal(kids.fontSize, 18, table);
      assert.equal(teen.fontSize, 15, table);
      assert.equal(adult.fontSize, 14, table);
      assert.ok(kids.titleSize > teen.titleSize && teen.titleSize > adult.titleSize, `page titles ${table}`);

      // Corners and spacing differ pairwise, KIDS the roundest and roomiest, ADULT the densest.
      for (const key of ['cardRadius', 'cardPadding', 'cardGap', 'rowPadding']) {
        assert.ok(kids[key] > teen[key] && teen[key] > adult[key], `${key}: KIDS ${kids[key]}, TEEN ${teen[key]}, ADULT ${adult[key]}`);
      }

      // Each its own accent and font: KIDS reads in the bundled Nunito, loaded without the internet.
      assert.equal(new Set(THEMES.map((theme) => seen[theme].primary)).size, 3, table);
      assert.match(kids.fontFamily, /^"Nunito Variable"/);
      assert.ok(kids.nunitoLoaded, 'Nunito is loaded on the KIDS dashboard');
      assert.doesNotMatch(adult.fontFamily, /Nunito/);
      assert.notEqual(teen.fontFamily, adult.fontFamily);

      // KIDS get a picture before each chore (Wash dishes: plates) and simpler words; the others neither.
      assert.match(kids.emoji, /🍽/, table);
      assert.equal(teen.emoji, 'none', table);
      assert.equal(adult.emoji, 'none', table);
      assert.equal(kids.description, 'See what you did and what you earned!');
      assert.equal(teen.description, 'Your chores, rewards and balance.');
      assert.equal(adult.description, teen.description);

      // And each its own layout (Wash dishes is to do for each of them).
      assert.deepEqual(
        [kids.pictureCards, kids.didItButtons, kids.streakFirst, kids.compact, kids.besideActivity],
        [1, 1, false, false, false],
        table,
      );
      assert.deepEqual([teen.pictureCards, teen.streakFirst, teen.compact, teen.besideActivity], [0, true, true, false], table);
      assert.deepEqual([adult.pictureCards, adult.streakFirst, adult.compact, adult.besideActivity], [0, false, false, true], table);
    });
  }
});
