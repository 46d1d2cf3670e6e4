// The walk: every screen of the app, as every kind of user, in both colour
// modes, on a desktop and a phone; each visit is checked with axe-core and
// for sideways scrolling; a screen with a problem is photographed
// (web/e2e/artifacts/walk/), and every one with WALK_SCREENSHOTS=all.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  BASE_URL,
  acceptInvite,
  addChild,
  adjustBalance,
  createCategory,
  createChore,
  createInviteCode,
  createPayout,
  createStoreItem,
  createSubject,
  createTablet,
  gradeSubject,
  inviteChild,
  loginThroughApi,
  registerParent,
  redeemItem,
  reviewSubmission,
  setChildPin,
  setPlan,
  submitChore,
  uniqueEmail,
  uniqueSuffix,
  watchContentSecurityPolicy,
} from './harness.mjs';
import { E2E_LANGUAGE, say } from './texts.mjs';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

export const WALK_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'walk');

/**
 * Every visit photographed (WALK_SCREENSHOTS=all), for looking the screens
 * over; otherwise only a screen with a problem: the full-page pictures were a
 * third of the walk's time, and a clean screen's picture is read by no one.
 */
const EVERY_SCREENSHOT = process.env.WALK_SCREENSHOTS === 'all';

export const MODES = ['light', 'dark'];
export const SIZES = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '360x740', width: 360, height: 740 },
];
export const CHILD_THEMES = ['KIDS', 'TEEN', 'ADULT'];

/** Serious and critical violations fail the walk; minor and moderate ones are only counted. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

// The super admin is not created through the app: the e2e environment provides one.
export const SUPER_ADMIN =
  process.env.SUPER_ADMIN_EMAIL && process.env.SUPER_ADMIN_PASSWORD
    ? { email: process.env.SUPER_ADMIN_EMAIL, password: process.env.SUPER_ADMIN_PASSWORD }
    : null;

/** Empties the screenshot folder of an earlier walk. */
export function resetWalkDir() {
  rmSync(WALK_DIR, { recursive: true, force: true });
  mkdirSync(WALK_DIR, { recursive: true });
}

/**
 * A family with something on every screen, made through the API: two
 * categories and three chores; a child per interface theme, each with
 * approved, rejected and pending submissions, a daily chore waiting, a balance
 * and a payout; school subjects with grades; a second parent, an open parent
 * invitation and a child invited who has not joined yet.
 */
export async function seedFamily() {
  const suffix = uniqueSuffix().slice(-6);
  const superAdminToken = SUPER_ADMIN ? await loginThroughApi(SUPER_ADMIN) : null;
  const parent = await registerParent({ firstName: 'Pat', lastName: 'Walker', organizationName: `Walker Family ${suffix}` });
  const { token } = parent;

  const kitchen = await createCategory(token, { name: 'Kitchen', description: 'Dishes, counters and the floor.' });
  const garden = await createCategory(token, { name: 'Garden', description: '' });
  const dishes = await createChore(token, {
    name: 'Wash dishes',
    description: 'Every plate, pot and pan, dried and put away.',
    baseReward: 2.5,
    categoryId: kitchen.id,
  });
  const plants = await createChore(token, { name: 'Water plants', baseReward: 1, categoryId: garden.id, frequencyDays: 1 });
  await createChore(token, { name: 'Sweep the porch', baseReward: 3, categoryId: garden.id, frequencyDays: 7, requiresPhoto: true });

  const children = {};
  const ages = { KIDS: 'CHILD', TEEN: 'TEEN', ADULT: 'YOUNG_ADULT' };
  const names = { KIDS: 'Kit', TEEN: 'Tess', ADULT: 'Ada' };
  for (const theme of CHILD_THEMES) {
    const child = await addChild(token, names[theme], { uiTheme: theme, ageGroup: ages[theme] });
    const approved = await submitChore(child.token, dishes.id, 'All clean!');
    const rejected = await submitChore(child.token, dishes.id);
    await submitChore(child.token, dishes.id, 'Did the pans too.');
    await submitChore(child.token, plants.id);
    await reviewSubmission(token, approved.id, 'APPROVED', 'Great job');
    await reviewSubmission(token, rejected.id, 'REJECTED', 'The pans are still greasy');
    await adjustBalance(token, child.record.id, '+20.00', 'Pocket money');
    await createPayout(token, { childId: child.record.id, amount: 5, notes: 'Cinema ticket' });
    children[theme] = { ...child, name: names[theme] };
  }

  // The reward store: an item for everyone, and a request waiting for a parent.
  const movie = await createStoreItem(token, { name: 'Movie night', description: 'Pick the film.', price: 4, stock: 3, emoji: '🎬' });
  await redeemItem(children.KIDS.token, movie.id);

  const math = await createSubject(token, children.ADULT.record.id, { name: 'Math', teacher: 'Mr. Lee', period: '2nd', gradeScale: 'LETTER' });
  await gradeSubject(token, math.id, { grade: 'B' });
  const science = await createSubject(token, children.ADULT.record.id, { name: 'Science', gradeScale: 'PERCENTAGE' });
  await gradeSubject(token, science.id, { percentage: 91.5 });

  // A second parent, who can be deactivated, and an invitation nobody used yet.
  const second = await createInviteCode(token, { role: 'ORG_ADMIN', email: '', expiresInDays: 7 });
  await acceptInvite({ inviteCode: second.code, password: 'secret123', email: uniqueEmail('e2e-parent'), firstName: 'Robin', lastName: 'Walker' });
  const openInvite = await createInviteCode(token, { role: 'ORG_ADMIN', email: '', expiresInDays: 14 });
  // A child invited who has not joined: their card says so, and their link opens the invitation screen.
  // A fourth child needs a paid plan; without a super admin to grant one, another family invites them.
  if (superAdminToken) await setPlan(superAdminToken, parent.user.organization.id);
  const inviter = superAdminToken ? token : (await registerParent()).token;
  const pendingChild = await inviteChild(inviter, { firstName: 'Sam', name: 'Sam', uiTheme: 'KIDS' });

  // The family tablet: Kit can sign in on it, Tess has no PIN yet.
  await setChildPin(token, children.KIDS.record.id, '2580');
  const tablet = await createTablet(token, 'Kitchen tablet');

  return {
    parent,
    tabletToken: tablet.token,
    organizationName: parent.organizationName,
    children,
    chores: { dishes, plants },
    parentInviteCode: openInvite.code,
    childInviteCode: pendingChild.inviteCode,
    superAdminToken,
  };
}

const heading = (page, name) => page.getByRole('heading', { level: 1, name, exact: true });

/** This browser becomes the family tablet (its device token in local storage), then shows it. */
async function openTablet(page, data) {
  await page.evaluate((token) => window.localStorage.setItem('tabletToken', token), data.tabletToken);
  await page.reload();
}

/** Waits for all of the locators (each screen names what its content is). */
async function all(...locators) {
  await Promise.all(locators.map((locator) => locator.first().waitFor()));
}

/**
 * How the Submit Chore form starts to say when a locked chore comes back:
 * "Available again on" (TEEN, ADULT), "You can do it again" (KIDS), in
 * E2E_LANGUAGE: the text before the date or day it names.
 */
function availableAgainOpening(theme) {
  if (theme !== 'KIDS') return say('common:chores.availableAgain').split(' (')[0].trim();
  return say('common:chores.availableAgain_kids', { when: '\u0000' }).split('\u0000')[0].trim();
}

/** The tab of a child's card (money, chores, school or profile), named for the child. */
function childTabName(child, tab) {
  return say(`children:card.tabs.${tab}Label`, { name: child });
}

/** Chooses a tab on a child's card (each card opens on Money). */
function openChildTab(page, child, tab) {
  return page.getByRole('tab', { name: childTabName(child, tab), exact: true }).click();
}

/** What a tab of a child's card shows once chosen. */
function childTab(page, child, tab) {
  return page.getByRole('tabpanel', { name: childTabName(child, tab), exact: true });
}

/** A screen of the super admin's visit to the family app: a heading and no spinner. */
async function anyHeading(page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * The screens: a path, who visits it, what shows once it has loaded, and for
 * a tab or a dialog, how to open it. `data` is what seedFamily made; `ready`
 * is also given the walker (a KIDS child reads other words).
 */
export const SCREENS = [
  // Anonymous visitors.
  { id: 'login', path: () => '/login', roles: ['guest'], ready: (page) => all(heading(page, say('auth:login.title', { app: 'Chorely' }))) },
  {
    id: 'register',
    path: () => '/register',
    roles: ['guest'],
    ready: (page) => all(heading(page, say('auth:register.title'))),
  },
  {
    // The family tablet (this browser holds its device token): the family board, a column per child ...
    id: 'tablet',
    path: () => '/tablet',
    roles: ['guest'],
    open: (page, data) => openTablet(page, data),
    ready: (page, data) =>
      all(
        heading(page, say('tablet:board.title')),
        page.getByRole('heading', { level: 2, name: data.children.KIDS.name, exact: true }),
      ),
  },
  {
    // ... and a child's PIN pad, from their column's "My page".
    id: 'tablet-pin',
    path: () => '/tablet',
    roles: ['guest'],
    open: async (page, data) => {
      await openTablet(page, data);
      await page.getByRole('button', { name: say('tablet:board.myPageLabel', { name: data.children.KIDS.name }), exact: true }).click();
    },
    ready: (page, data) =>
      all(
        page.getByRole('dialog', { name: say('tablet:pin.title', { name: data.children.KIDS.name }) }),
        page.getByRole('group', { name: say('tablet:pin.padLabel') }),
      ),
  },
  {
    id: 'forgot-password',
    path: () => '/forgot-password',
    roles: ['guest'],
    ready: (page) => all(heading(page, say('auth:forgot.title'))),
  },
  {
    // A mailed link's form (the token is only checked on saving).
    id: 'reset-password',
    path: () => '/reset-password/a-token-from-a-mail',
    roles: ['guest'],
    ready: (page) => all(heading(page, say('auth:reset.title'))),
  },
  {
    id: 'invite',
    path: (data) => `/invite/${data.childInviteCode}`,
    roles: ['guest'],
    ready: (page) => all(heading(page, say('auth:invitation.title', { app: 'Chorely' })), page.getByText('Sam', { exact: true })),
  },
  {
    id: 'accept-invite',
    path: (data) => `/accept-invite/${data.parentInviteCode}`,
    roles: ['guest'],
    ready: (page) =>
      all(heading(page, say('auth:invitation.title', { app: 'Chorely' })), page.getByLabel(say('auth:invitation.firstName'))),
  },
  {
    id: 'invite-invalid',
    path: () => '/invite/NO-SUCH-CODE',
    roles: ['guest'],
    ready: (page) => all(heading(page, say('auth:invitation.invalidTitle'))),
  },

  // Parents.
  {
    id: 'dashboard',
    path: () => '/',
    roles: ['parent'],
    ready: (page) =>
      all(
        heading(page, say('dashboard:parent.title')),
        page.getByRole('table', { name: say('dashboard:parent.overviewLabel') }).getByText('Tess'),
        page.getByRole('region', { name: say('dashboard:parent.mostActive') }).getByText('Wash dishes'),
      ),
  },
  {
    id: 'chores',
    path: () => '/chores',
    roles: ['parent'],
    ready: (page) => all(heading(page, say('chores:manage.title')), page.getByRole('listitem', { name: 'Sweep the porch' })),
  },
  {
    id: 'chores-edit',
    path: () => '/chores',
    roles: ['parent'],
    open: (page) => page.getByRole('button', { name: say('common:named.edit', { name: 'Wash dishes' }) }).click(),
    ready: (page) => all(page.getByRole('dialog', { name: say('common:named.edit', { name: 'Wash dishes' }) })),
  },
  {
    id: 'categories',
    path: () => '/categories',
    roles: ['parent'],
    ready: (page) => all(heading(page, say('categories:title')), page.getByRole('region', { name: 'Garden' })),
  },
  {
    id: 'approval',
    path: () => '/approval',
    roles: ['parent'],
    ready: (page) =>
      all(
        heading(page, say('approval:title')),
        page.getByRole('region', { name: say('approval:card.label', { chore: 'Water plants', child: 'Kit' }) }),
      ),
  },
  {
    id: 'children',
    path: () => '/children',
    roles: ['parent'],
    ready: (page) =>
      all(heading(page, say('children:title')), page.getByRole('region', { name: 'Ada' }).getByText(say('children:card.joined'))),
  },
  // A child card's tabs beyond Money (where it opens), on Ada's card.
  {
    id: 'children-chores',
    path: () => '/children',
    roles: ['parent'],
    open: (page) => openChildTab(page, 'Ada', 'chores'),
    ready: (page) => all(childTab(page, 'Ada', 'chores').getByRole('link', { name: say('children:card.todayLink') })),
  },
  {
    id: 'children-school',
    path: () => '/children',
    roles: ['parent'],
    open: (page) => openChildTab(page, 'Ada', 'school'),
    ready: (page) =>
      all(childTab(page, 'Ada', 'school').getByRole('form', { name: say('children:ratings.formLabel', { name: 'Ada' }) })),
  },
  {
    id: 'children-profile',
    path: () => '/children',
    roles: ['parent'],
    open: (page) => openChildTab(page, 'Ada', 'profile'),
    ready: (page) => all(childTab(page, 'Ada', 'profile').getByText(say('children:devices.section'))),
  },
  {
    id: 'children-subjects',
    path: () => '/children',
    roles: ['parent'],
    open: async (page) => {
      await openChildTab(page, 'Ada', 'school');
      await page.getByRole('button', { name: say('children:card.subjectsLabel', { name: 'Ada' }) }).click();
    },
    ready: (page) => all(page.getByRole('dialog').getByRole('listitem', { name: 'Science' })),
  },
  {
    id: 'children-add',
    path: () => '/children',
    roles: ['parent'],
    open: (page) => page.getByRole('button', { name: say('children:add') }).click(),
    ready: (page) => all(page.getByRole('dialog', { name: say('children:invite.title') })),
  },
  {
    id: 'payouts',
    path: () => '/payouts',
    roles: ['parent', 'child'],
    ready: (page) =>
      all(
        heading(page, say('payouts:title')),
        page.getByRole('table', { name: say('payouts:table.label') }).getByText('Cinema ticket'),
      ),
  },
  {
    id: 'store',
    path: () => '/store',
    roles: ['parent', 'child'],
    ready: (page) => all(heading(page, say('store:title')), page.getByText('Movie night')),
  },
  {
    id: 'today',
    path: () => '/today',
    roles: ['parent'],
    ready: (page) => all(heading(page, say('chores:today.title')), page.locator('.today-row').first()),
  },
  {
    id: 'today-week',
    path: () => '/today',
    roles: ['parent'],
    open: (page) => page.getByRole('tab', { name: say('chores:week.weekTab') }).click(),
    ready: (page) => all(page.getByRole('table', { name: /./ })),
  },
  {
    id: 'history',
    path: () => '/history',
    roles: ['parent', 'child'],
    ready: (page) => all(heading(page, say('history:title')), page.getByRole('list', { name: say('history:reviewedLabel') }).getByRole('listitem')),
  },
  {
    // Settings opens on General Settings.
    id: 'settings',
    path: () => '/settings',
    roles: ['parent'],
    ready: (page) => all(heading(page, say('settings:title')), page.getByRole('form', { name: say('settings:general.formLabel') })),
  },
  {
    id: 'settings-multipliers',
    path: () => '/settings',
    roles: ['parent'],
    open: (page) => page.getByRole('tab', { name: say('settings:multipliersTab') }).click(),
    ready: (page) => all(page.getByRole('form', { name: say('settings:multipliers.formLabel') })),
  },
  {
    id: 'team',
    path: () => '/team',
    roles: ['parent'],
    ready: (page) =>
      all(
        heading(page, say('team:title')),
        page.getByRole('table', { name: say('team:members.tableLabel') }).getByText('Robin Walker'),
        page.getByRole('list', { name: say('team:invites.listLabel') }).getByRole('listitem'),
      ),
  },
  {
    id: 'team-invite',
    path: () => '/team',
    roles: ['parent'],
    open: (page) => page.getByRole('button', { name: say('team:invite') }).click(),
    ready: (page) => all(page.getByRole('dialog', { name: say('team:dialog.title') })),
  },

  // Children.
  {
    id: 'dashboard',
    path: () => '/',
    roles: ['child'],
    ready: (page) =>
      all(heading(page, say('dashboard:child.title')), page.getByRole('list', { name: say('dashboard:activity.label') }).getByRole('listitem')),
  },
  {
    id: 'submit',
    path: () => '/submit',
    roles: ['child'],
    ready: (page) => all(heading(page, say('submissions:title')), page.getByLabel(say('submissions:chore'), { exact: true })),
  },
  {
    id: 'submit-chore',
    path: (data) => `/submit?chore=${data.chores.plants.id}`,
    roles: ['child'],
    // A daily chore done today: the form says when it can be done again (to a KIDS child, in the days they count).
    ready: (page, data, walker) =>
      all(heading(page, say('submissions:title')), page.getByRole('status').filter({ hasText: availableAgainOpening(walker.theme) })),
  },
  {
    id: 'chores',
    path: () => '/chores',
    roles: ['child'],
    ready: (page) =>
      all(heading(page, say('chores:my.title')), page.getByRole('listitem', { name: 'Wash dishes' }).getByRole('link')),
  },

  // Everyone signed in.
  {
    id: 'navigation',
    path: () => '/profile',
    roles: ['parent', 'child'],
    // On a phone the navigation folds into a menu button; a parent's groups open too.
    open: async (page) => {
      await heading(page, say('profile:title')).waitFor();
      const toggle = page.getByRole('button', { name: say('common:layout.openMenu') });
      if (await toggle.isVisible()) await toggle.click();
      const family = page.getByRole('navigation', { name: say('common:nav.main') }).getByRole('button', { name: say('common:nav.family') });
      if (await family.count()) await family.click();
    },
    ready: (page) => all(
        page
          .getByRole('navigation', { name: say('common:nav.main') })
          .getByRole('link', { name: new RegExp(`^(${say('common:nav.children')}|${say('common:nav.history')})$`) }),
      ),
  },
  {
    id: 'profile',
    path: () => '/profile',
    roles: ['parent', 'child'],
    // A parent edits their details in a form; a child sees theirs (their parents keep them).
    ready: (page) =>
      all(
        heading(page, say('profile:title')),
        page.getByRole('heading', { level: 2, name: say('profile:personal.title'), exact: true }),
      ),
  },
  {
    id: 'notifications',
    path: () => '/notifications',
    roles: ['parent', 'child'],
    ready: (page) => all(heading(page, say('common:notifications.title'))),
  },
  {
    id: 'not-found',
    path: () => '/no-such-page',
    roles: ['parent', 'child'],
    ready: (page) => all(heading(page, say('common:notFound.title'))),
  },

  // The super admin: the console and its tabs, then the family app as they see it.
  {
    id: 'admin',
    path: () => '/admin',
    roles: ['admin'],
    ready: (page) =>
      all(heading(page, say('admin:title')), page.getByRole('table', { name: say('admin:dashboard.recentLabel') })),
  },
  {
    id: 'admin-organizations',
    path: () => '/admin',
    roles: ['admin'],
    open: (page) => page.getByRole('tab', { name: say('admin:tabs.organizations') }).click(),
    ready: (page) => all(page.getByRole('table', { name: say('admin:organizations.listLabel') }).getByRole('row').nth(1)),
  },
  {
    id: 'admin-organization',
    path: () => '/admin',
    roles: ['admin'],
    open: async (page, data) => {
      await page.getByRole('tab', { name: say('admin:tabs.organizations') }).click();
      const search = page.getByRole('search', { name: say('admin:organizations.searchLabel') });
      await search.getByLabel(say('admin:toolbar.search')).fill(data.organizationName);
      await search.getByRole('button', { name: say('admin:toolbar.submit') }).click();
      const view = say('common:named.action', { action: say('admin:organizations.view'), name: data.organizationName });
      await page.getByRole('button', { name: view }).click();
    },
    ready: (page, data) => all(page.getByRole('dialog', { name: data.organizationName }).getByRole('table')),
  },
  {
    id: 'admin-users',
    path: () => '/admin',
    roles: ['admin'],
    open: (page) => page.getByRole('tab', { name: say('admin:tabs.users') }).click(),
    ready: (page) => all(page.getByRole('table', { name: say('admin:users.tableLabel') }).getByRole('row').nth(1)),
  },
  {
    id: 'admin-settings',
    path: () => '/admin',
    roles: ['admin'],
    open: (page) => page.getByRole('tab', { name: say('admin:tabs.settings') }).click(),
    ready: (page) => all(page.getByRole('table', { name: say('admin:settings.limitsLabel') })),
  },
  ...['/', '/chores', '/today', '/categories', '/approval', '/children', '/payouts', '/store', '/history', '/settings', '/team', '/profile'].map(
    (path) => ({
      id: `app-${path.slice(1) || 'dashboard'}`,
      path: () => path,
      roles: ['admin'],
      ready: anyHeading,
    }),
  ),
];

/** Who walks: the role, the interface theme the stylesheet shows them, and their token. */
export function walkers(data) {
  const list = [
    { role: 'guest', theme: 'ADULT', token: null },
    { role: 'parent', theme: 'ADULT', token: data.parent.token },
    ...CHILD_THEMES.map((theme) => ({ role: 'child', theme, token: data.children[theme].token })),
  ];
  if (data.superAdminToken) list.push({ role: 'admin', theme: 'ADULT', token: data.superAdminToken });
  return list;
}

/** Opens a browser context for one walker in one mode and size: signed in through the stored token. */
export async function openWalkerContext(browser, walker, mode, size) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: size.width, height: size.height },
    // Dark mode the way a new visitor gets it: the system preference (no stored choice).
    colorScheme: mode,
    reducedMotion: 'reduce',
  });
  // Closing the context fails the test on any Content-Security-Policy violation.
  await watchContentSecurityPolicy(context);
  await context.addInitScript({ path: AXE_PATH });
  // The walk speaks E2E_LANGUAGE: the choice a user makes in Profile, kept in local storage.
  if (E2E_LANGUAGE !== 'en') {
    await context.addInitScript((language) => window.localStorage.setItem('language', language), E2E_LANGUAGE);
  }
  if (walker.token) {
    await context.addInitScript((token) => window.localStorage.setItem('token', token), walker.token);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(20_000);
  return { context, page };
}

/** axe-core's serious and critical violations on the page as it is. */
export async function axeViolations(page) {
  const violations = await page.evaluate(async () => {
    // With a modal dialog open only the dialog can be reached: the page under
    // its backdrop is checked on its own visit. Checked beneath the dialog,
    // buttons the sticky top bar covers at the page's scroll were counted as
    // too small to touch.
    const modal = document.querySelector('[role="dialog"][aria-modal="true"]');
    const result = await window.axe.run(modal ?? document, {
      resultTypes: ['violations'],
      // WCAG 2.2 AA asks for targets of 24 px at least; off by default in axe.
      rules: { 'target-size': { enabled: true } },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary })),
    }));
  });
  return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact));
}

/** How far the page scrolls sideways, and the widest elements that make it. */
export async function horizontalOverflow(page) {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    const { innerWidth } = window;
    if (scrollWidth <= innerWidth) return null;
    // What sticks out, leaving aside what a scroll box or a clipping box holds in.
    const contained = (element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.right > innerWidth + 0.5 && rect.width > 0 && !contained(element)) {
        const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
        culprits.push(`${name} (right edge ${Math.round(rect.right)} px)`);
        if (culprits.length === 5) break;
      }
    }
    return { scrollWidth, innerWidth, culprits };
  });
}

/**
 * Serious or critical axe-core faults and sideways scrolling of the screen
 * shown, once it has settled, each as a line naming `where`.
 */
export async function screenProblems(page, where) {
  await settled(page);
  const problems = (await axeViolations(page)).map(
    (v) => `${where}: axe ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target).join(', ')}`,
  );
  const overflow = await horizontalOverflow(page);
  if (overflow) problems.push(`${where}: scrolls sideways: ${overflow.culprits.join(', ')}`);
  return problems;
}

/**
 * Waits until no spinner is left on the page (lists and lazily loaded
 * screens) and no transition runs (colours are checked as they end up).
 */
export function settled(page) {
  return page.waitForFunction(
    () =>
      document.querySelector('.spinner-wrap') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Where the time of a walk went, in milliseconds, summed over its visits. */
function newTimings() {
  return { load: 0, checks: 0, screenshots: 0 };
}

async function timed(timings, phase, work) {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[phase] += Date.now() - started;
  }
}

/**
 * Visits one screen and returns what is wrong with it (empty when nothing)
 * in each mode: axe-core's serious and critical violations and sideways
 * scrolling. The screen loads once, in light mode as the system prefers it;
 * then the system turns dark and the app follows it, as it does for a user
 * whose phone turns dark (one load checks both modes). A mode with a problem
 * leaves its full-page screenshot in the walk folder (every mode does with
 * WALK_SCREENSHOTS=all).
 */
export async function visitScreen(page, screen, walker, size, data, timings = newTimings()) {
  const language = E2E_LANGUAGE === 'en' ? '' : `-${E2E_LANGUAGE}`;
  const label = (mode) => `${screen.id}-${walker.role}-${walker.theme}-${mode}-${size.name}${language}`;
  const where = (mode) =>
    `${screen.id} (${screen.path(data)}) as ${walker.role} (${walker.theme}, ${mode}, ${size.name}, ${E2E_LANGUAGE})`;
  const screenshot = (mode) =>
    timed(timings, 'screenshots', () =>
      page.screenshot({ path: join(WALK_DIR, `${label(mode)}.png`), fullPage: true }).catch(() => {}),
    );
  const problems = [];
  try {
    await timed(timings, 'load', async () => {
      await page.emulateMedia({ colorScheme: MODES[0] });
      await page.goto(screen.path(data));
      // Opening a tab or a dialog waits for its button to show.
      if (screen.open) await screen.open(page, data);
      await screen.ready(page, data, walker);
    });
  } catch (error) {
    problems.push(`${where(MODES[0])}: ${error.message.split('\n')[0]}`);
    await screenshot(MODES[0]);
    return problems;
  }
  for (const mode of MODES) {
    const before = problems.length;
    try {
      await timed(timings, 'checks', async () => {
        if (mode !== MODES[0]) {
          await page.emulateMedia({ colorScheme: mode });
          await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, mode);
        }
        await settled(page);
        const themes = await page.evaluate(() => ({ ...document.documentElement.dataset }));
        assert.equal(themes.theme, mode, `${where(mode)}: <html data-theme> is ${themes.theme}`);
        assert.equal(themes.uiTheme, walker.theme, `${where(mode)}: <html data-ui-theme> is ${themes.uiTheme}`);

        for (const violation of await axeViolations(page)) {
          const nodes = violation.nodes.map(
            (node) => `      ${node.target}\n        ${node.summary.replace(/\n/g, '\n        ')}`,
          );
          problems.push(`${where(mode)}: axe ${violation.impact} ${violation.id} (${violation.help})\n${nodes.join('\n')}`);
        }
        const overflow = await horizontalOverflow(page);
        if (overflow) {
          problems.push(
            `${where(mode)}: scrolls sideways (document ${overflow.scrollWidth} px wide in a ${overflow.innerWidth} px window): ${overflow.culprits.join(', ')}`,
          );
        }
      });
    } catch (error) {
      problems.push(`${where(mode)}: ${error.message.split('\n')[0]}`);
    } finally {
      if (EVERY_SCREENSHOT || problems.length > before) await screenshot(mode);
    }
  }
  return problems;
}

/** Runs `tasks` (functions giving promises), at most `limit` at a time; resolves to their results in order. */
export async function inParallel(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * Walks every screen of every walker at one size, each in both modes;
 * resolves to the problems found, the visit count and where the time went.
 */
export async function walk(browser, data, size, concurrency = 2) {
  const timings = newTimings();
  const tasks = walkers(data).map((walker) => async () => {
    const { context, page } = await openWalkerContext(browser, walker, MODES[0], size);
    const problems = [];
    let visits = 0;
    try {
      for (const screen of SCREENS.filter((candidate) => candidate.roles.includes(walker.role))) {
        problems.push(...(await visitScreen(page, screen, walker, size, data, timings)));
        visits += 1;
      }
    } finally {
      await context.close();
    }
    return { problems, visits };
  });
  const results = await inParallel(tasks, concurrency);
  return {
    problems: results.flatMap((result) => result.problems),
    visits: results.reduce((sum, result) => sum + result.visits, 0),
    timings,
  };
}
