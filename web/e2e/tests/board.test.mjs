// The family board (/tablet on the family tablet) at a tablet's sizes,
// landscape (1180×820) and portrait (768×1024): each child's column with
// today's chores shows without a PIN, the columns side by side; a child taps
// a chore, enters their PIN and it is sent as theirs, a celebration says
// "Well done", their short session has ended on the server, this browser
// never holds a session, and the card shows the chore sent. On a phone
// (360×740) the columns stack without sideways scrolling, and the board and
// a photo chore's steps (the camera first, then the PIN) pass axe-core.
// Offline, a tap waits on the tablet ("Waiting to send") and is sent once,
// with its idempotency key and the tap's time, when the network returns.
// A child's own page ("My page") and the tablet's setup: tablet.test.mjs.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  BASE_URL,
  addChild,
  createCategory,
  createChore,
  createTablet,
  nextResponse,
  registerParent,
  setChildPin,
  sharedBrowser,
} from '../lib/harness.mjs';
import { openWalkerContext, screenProblems } from '../lib/walk.mjs';

const browser = sharedBrowser();
const PIN = '1357';
const TABLET_SIZES = [
  { name: 'landscape', width: 1180, height: 820 },
  { name: 'portrait', width: 768, height: 1024 },
];
const PHONE = { name: 'phone', width: 360, height: 740 };

/** A valid 1×1 PNG: the photo a photo chore is sent with. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Due every day by 23:59 in the family's time zone: on today's list whenever the test runs. */
const EVERY_DAY = { frequencyDays: 1, dueDays: [1, 2, 3, 4, 5, 6, 7], dueTime: '23:59' };

let family;

before(async () => {
  const parent = await registerParent({ firstName: 'Bea', lastName: 'Board' });
  const kitchen = await createCategory(parent.token, { name: 'Kitchen' });
  // A chore for each size (sent at one, it is no longer to do at the next), and a photo chore.
  const chores = {
    landscape: await createChore(parent.token, { name: 'Feed the cat', baseReward: 1.5, categoryId: kitchen.id, ...EVERY_DAY }),
    portrait: await createChore(parent.token, { name: 'Water the plants', baseReward: 1, categoryId: kitchen.id, ...EVERY_DAY }),
    photo: await createChore(parent.token, {
      name: 'Sweep the porch',
      baseReward: 2,
      categoryId: kitchen.id,
      requiresPhoto: true,
      ...EVERY_DAY,
    }),
    offline: await createChore(parent.token, { name: 'Tidy the toys', baseReward: 1, categoryId: kitchen.id, ...EVERY_DAY }),
  };
  const mia = await addChild(parent.token, 'Mia', { uiTheme: 'KIDS', ageGroup: 'CHILD' });
  const leo = await addChild(parent.token, 'Leo', { uiTheme: 'TEEN', ageGroup: 'TEEN' });
  await setChildPin(parent.token, mia.record.id, PIN);
  const tablet = await createTablet(parent.token, 'Kitchen tablet');
  family = { parent, chores, mia, leo, tablet };
});

async function api(method, path, token) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, data: await response.json().catch(() => null) };
}

/** A page of this browser as the family tablet (its device token stored), on the board. */
async function openBoard(size, mode = 'light') {
  const { context, page } = await openWalkerContext(browser(), { role: 'guest', theme: 'ADULT', token: null }, mode, size);
  await context.addInitScript((token) => window.localStorage.setItem('tabletToken', token), family.tablet.token);
  const [board] = await Promise.all([nextResponse(page, 'GET', '/tablet/board'), page.goto('/tablet')]);
  assert.equal(board.status(), 200, `the board answered ${board.status()}`);
  await page.getByRole('heading', { level: 1, name: "Today's chores" }).waitFor();
  await column(page, 'Mia').getByRole('heading', { level: 2, name: 'Mia', exact: true }).waitFor();
  return { context, page };
}

function column(page, name) {
  return page.getByRole('region', { name, exact: true });
}

/** The card of `chore` in a child's column while it can be sent (a button named after the chore first). */
function sendableCard(page, child, chore) {
  return column(page, child).getByRole('button', { name: new RegExp(`^${chore.name}`) });
}

async function enterPin(page, pin) {
  const pad = page.getByRole('group', { name: 'PIN pad' });
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
}

/** The columns' boxes on the screen, Mia's and Leo's. */
async function columnBoxes(page) {
  const mia = await column(page, 'Mia').boundingBox();
  const leo = await column(page, 'Leo').boundingBox();
  assert.ok(mia && leo, 'both columns are on the screen');
  return { mia, leo };
}

/** What the page keeps in localStorage and sessionStorage, keys and values, as one text. */
function storedText(page) {
  return page.evaluate(() =>
    [window.localStorage, window.sessionStorage]
      .flatMap((storage) =>
        Array.from({ length: storage.length }, (_, index) => storage.key(index)).map((key) => `${key}=${storage.getItem(key)}`),
      )
      .join('\n'),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The token is refused by the API (its session ended). */
async function expectRefused(token) {
  assert.ok(token, 'a token was given');
  const { status } = await api('GET', '/users/me', token);
  assert.equal(status, 401);
}

describe('the family board', () => {
  for (const size of TABLET_SIZES) {
    test(`at ${size.width}×${size.height} (${size.name}) a child sends a chore from their column with their PIN`, async () => {
      const chore = family.chores[size.name];
      const { context, page } = await openBoard(size);
      try {
        // The whole screen, a column per child side by side; no PIN asked to see it.
        const { mia, leo } = await columnBoxes(page);
        assert.ok(Math.abs(mia.y - leo.y) < 1 && leo.x > mia.x, `the columns sit side by side: ${JSON.stringify({ mia, leo })}`);
        const board = await page.locator('.board').boundingBox();
        const viewport = await page.evaluate(() => document.documentElement.clientWidth);
        assert.ok(board && board.width >= viewport - 1, `the board fills the screen's width (${board?.width} of ${viewport})`);
        assert.equal(await page.getByRole('group', { name: 'PIN pad' }).count(), 0);
        const card = sendableCard(page, 'Mia', chore);
        const words = await card.innerText();
        assert.match(words, /To do|Late, still to do/);
        assert.match(words, /Due by/);
        const problems = await screenProblems(page, `/tablet board (${size.name})`);

        // Mia taps it: her PIN sends it as hers, and her session ends at once.
        await card.click();
        const dialog = page.getByRole('dialog', { name: chore.name });
        await dialog.getByText('Hi Mia! Enter your PIN to send it.').waitFor();
        problems.push(...(await screenProblems(page, `/tablet PIN to send (${size.name})`)));
        assert.deepEqual(problems, []);
        const [unlocked, submitted, loggedOut] = await Promise.all([
          nextResponse(page, 'POST', '/tablet/unlock'),
          nextResponse(page, 'POST', '/submissions'),
          nextResponse(page, 'POST', '/auth/logout'),
          enterPin(page, PIN),
        ]);
        assert.equal(unlocked.status(), 200);
        assert.equal(submitted.status(), 201);
        assert.equal(loggedOut.status(), 204);
        const submission = await submitted.json();
        assert.equal(submission.chore.id, chore.id);

        // The celebration, announced; put away at once (it would go by itself after a while).
        const celebration = page.getByRole('status').filter({ hasText: 'Well done, Mia!' });
        await celebration.waitFor();
        await celebration.getByText(`${chore.name} is sent. A parent will check it.`).waitFor();
        await page.getByRole('button', { name: 'Thanks!' }).click();
        await celebration.waitFor({ state: 'hidden' });

        // The board shows it sent; the grown-up app never showed, and no session stays here.
        const sentCard = column(page, 'Mia').getByRole('listitem').filter({ hasText: chore.name });
        await sentCard.getByText('Sent, waiting for a parent').waitFor();
        assert.equal(await sendableCard(page, 'Mia', chore).count(), 0);
        assert.equal(new URL(page.url()).pathname, '/tablet');
        assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);
        await expectRefused((await unlocked.json()).token);

        // It waits for a parent, as Mia's.
        const pending = await api('GET', '/submissions?status=PENDING', family.parent.token);
        assert.ok(
          pending.data.some((s) => s.id === submission.id && s.childName.startsWith('Mia')),
          JSON.stringify(pending.data),
        );
      } finally {
        await context.close();
      }
    });
  }

  test('on a phone the columns stack without sideways scrolling, and a photo chore asks for the camera first', async () => {
    const chore = family.chores.photo;
    const { context, page } = await openBoard(PHONE);
    try {
      const { mia, leo } = await columnBoxes(page);
      assert.ok(leo.y >= mia.y + mia.height, `the columns stack: ${JSON.stringify({ mia, leo })}`);
      const problems = await screenProblems(page, '/tablet board (360 px)');

      // The photo first: without one it goes no further, and no PIN is asked.
      await sendableCard(page, 'Mia', chore).click();
      const dialog = page.getByRole('dialog', { name: chore.name });
      const camera = dialog.getByLabel('Photo of the chore');
      await camera.waitFor();
      assert.equal(await camera.getAttribute('capture'), 'environment');
      problems.push(...(await screenProblems(page, '/tablet camera step (360 px)')));
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Take a photo first.').waitFor();
      assert.equal(await dialog.getByRole('group', { name: 'PIN pad' }).count(), 0);

      // With a photo, the PIN; the chore goes with its photo.
      await camera.setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('group', { name: 'PIN pad' }).waitFor();
      problems.push(...(await screenProblems(page, '/tablet PIN to send (360 px)')));
      assert.deepEqual(problems, []);
      const [submitted] = await Promise.all([nextResponse(page, 'POST', '/submissions'), enterPin(page, PIN)]);
      assert.equal(submitted.status(), 201);
      const submission = await submitted.json();
      assert.equal(submission.chore.id, chore.id);
      // The server kept the photo: its answer links to it.
      assert.ok(submission.photoUrl, `the photo was sent with it: ${JSON.stringify(submission)}`);
      await page.getByRole('status').filter({ hasText: 'Well done, Mia!' }).waitFor();
      await column(page, 'Mia').getByRole('listitem').filter({ hasText: chore.name }).getByText('Sent, waiting for a parent').waitFor();
    } finally {
      await context.close();
    }
  });

  test('a chore tapped offline waits on the tablet, and is sent once when the network returns', async () => {
    const chore = family.chores.offline;
    const { context, page } = await openBoard(TABLET_SIZES[0]);
    // Every API call the page makes from here on, answered or not.
    const tried = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) tried.push(`${request.method()} ${pathname}`);
    });
    try {
      await context.setOffline(true);
      await page.waitForFunction(() => !navigator.onLine);

      // Mia taps it and enters her PIN: celebrated, saved to go later, nothing sent.
      await sendableCard(page, 'Mia', chore).click();
      const dialog = page.getByRole('dialog', { name: chore.name });
      await dialog.getByText('Hi Mia! Enter your PIN to send it.').waitFor();
      await enterPin(page, PIN);
      const celebration = page.getByRole('status').filter({ hasText: 'Well done, Mia!' });
      await celebration.getByText(`${chore.name} is saved. It will be sent when the tablet is back online.`).waitFor();
      await page.getByRole('button', { name: 'Thanks!' }).click();
      await celebration.waitFor({ state: 'hidden' });

      const card = column(page, 'Mia').getByRole('listitem').filter({ hasText: chore.name });
      await card.getByText('Waiting to send').waitFor();
      assert.equal(await sendableCard(page, 'Mia', chore).count(), 0);
      assert.deepEqual(
        tried.filter((call) => call !== 'GET /api/tablet/board'),
        [],
        'nothing but the board was asked for offline',
      );
      // The waiting tap holds her PIN in memory only.
      const stored = await storedText(page);
      assert.ok(!stored.includes(PIN), `the PIN is in the browser's storage: ${stored}`);

      // The network returns: unlock, the chore with the tap's key and time, the logout, once.
      const backOnline = Date.now();
      const [unlocked, submitted, loggedOut] = await Promise.all([
        nextResponse(page, 'POST', '/tablet/unlock'),
        nextResponse(page, 'POST', '/submissions'),
        nextResponse(page, 'POST', '/auth/logout'),
        context.setOffline(false),
      ]);
      assert.equal(unlocked.status(), 200);
      assert.equal(submitted.status(), 201);
      assert.equal(loggedOut.status(), 204);
      const headers = await submitted.request().allHeaders();
      assert.match(headers['idempotency-key'] ?? '', UUID);
      const submission = await submitted.json();
      assert.equal(submission.chore.id, chore.id);
      assert.ok(Date.parse(submission.completedAt) < backOnline, `done at the tap, not at the send: ${submission.completedAt}`);

      // The board shows it sent; her session has ended.
      await card.getByText('Sent, waiting for a parent').waitFor();
      assert.equal(await card.getByText('Waiting to send').count(), 0);
      await expectRefused((await unlocked.json()).token);

      // Exactly one submission of it waits for a parent, as Mia's.
      const pending = await api('GET', '/submissions?status=PENDING', family.parent.token);
      assert.equal(pending.status, 200);
      const ofChore = pending.data.filter((s) => s.chore?.id === chore.id);
      assert.equal(ofChore.length, 1, JSON.stringify(pending.data));
      assert.equal(ofChore[0].id, submission.id);
      assert.ok(ofChore[0].childName.startsWith('Mia'), JSON.stringify(ofChore[0]));
      assert.equal(
        tried.filter((call) => call === 'POST /api/submissions').length,
        1,
        `the chore was sent more than once: ${JSON.stringify(tried)}`,
      );
    } finally {
      await context.close();
    }
  });

  test('a child without a PIN is told a parent sets it, and the board passes axe-core in dark mode', async () => {
    const { context, page } = await openBoard(TABLET_SIZES[1], 'dark');
    try {
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      const problems = await screenProblems(page, '/tablet board (dark)');
      await sendableCard(page, 'Leo', family.chores.photo).click();
      const dialog = page.getByRole('dialog', { name: family.chores.photo.name });
      await dialog.getByText('Leo has no PIN yet. A parent can set one on the Children page.').waitFor();
      assert.equal(await dialog.getByRole('group', { name: 'PIN pad' }).count(), 0);
      assert.equal(await dialog.getByLabel('Photo of the chore').count(), 0);
      problems.push(...(await screenProblems(page, '/tablet no PIN (dark)')));
      assert.deepEqual(problems, []);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});
