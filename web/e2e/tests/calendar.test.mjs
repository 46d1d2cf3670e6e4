// Calendar feeds on the Profile screen, on a phone-sized screen: a parent (in
// light mode) and a child (in dark mode) each create a feed, the address shown
// answers a text/calendar body that calendar apps read, and once deleted the
// same address answers 404. The card passes axe-core and nothing scrolls
// sideways at 360 px.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import {
  addChild,
  answerConfirmation,
  createCategory,
  createChore,
  loginThroughUi,
  nextResponse,
  registerParent,
  sharedBrowser,
} from '../lib/harness.mjs';
import { openWalkerContext, screenProblems } from '../lib/walk.mjs';

const browser = sharedBrowser();
const PHONE = { name: 'phone', width: 360, height: 740 };
/** The list of feeds: "The family's calendar feeds" for a parent, "Your calendar feeds" for a child. */
const FEED_LIST = /calendar feeds$/;

let family;

before(async () => {
  const parent = await registerParent({ firstName: 'Cal', lastName: 'Endar' });
  const kitchen = await createCategory(parent.token, { name: 'Kitchen' });
  await createChore(parent.token, {
    name: 'Water the plants',
    baseReward: 1,
    categoryId: kitchen.id,
    frequencyDays: 1,
    dueDays: [1, 2, 3, 4, 5, 6, 7],
  });
  const mia = await addChild(parent.token, 'Mia', { uiTheme: 'TEEN', dateOfBirth: '2016-05-04' });
  family = { parent, mia };
});

/** Creates a feed on Profile (with `password`), checks what its address answers, deletes it and checks the 404. */
async function createFetchAndDelete(page, who, mode, password) {
  await page.goto('/profile');
  const card = page.locator('.calendar-feed-card');
  await card.getByText('You have no calendar feed yet.').waitFor();
  await card.getByRole('button', { name: 'Create calendar feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create calendar feed' });
  await dialog.getByLabel('Current Password').fill(password);
  const [created] = await Promise.all([
    nextResponse(page, 'POST', '/calendar/feeds'),
    dialog.getByRole('button', { name: 'Create', exact: true }).click(),
  ]);
  assert.equal(created.status(), 201);
  const address = card.getByRole('textbox', { name: 'Calendar feed address' });
  await address.waitFor();
  const url = await address.inputValue();
  assert.match(url, /\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await card.getByRole('list', { name: FEED_LIST }).getByRole('listitem').first().waitFor();
  await card.getByText('How to subscribe').click();
  await card.getByText(/Google Calendar/).waitFor();
  const problems = await screenProblems(page, `/profile calendar feed (${who}, ${mode})`);
  assert.deepEqual(problems, []);

  // What a calendar app gets: no bearer token, just the address.
  const answer = await fetch(url);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('content-type'), 'text/calendar; charset=utf-8');
  const body = await answer.text();
  assert.ok(body.startsWith('BEGIN:VCALENDAR\r\n'), body);
  assert.match(body, /SUMMARY:Water the plants/);
  assert.match(body, /SUMMARY:Mia's birthday/);

  const row = card.getByRole('list', { name: FEED_LIST }).getByRole('listitem').first();
  await row.getByRole('button', { name: /^Delete the feed made/ }).click();
  const [deleted, question] = await Promise.all([
    nextResponse(page, 'DELETE', `/calendar/feeds/${(await created.json()).id}`),
    answerConfirmation(page, /^Delete the feed made/, 'Delete'),
  ]);
  assert.match(question, /Delete this calendar feed\?/);
  assert.equal(deleted.status(), 204);
  await card.getByText('You have no calendar feed yet.').waitFor();
  assert.equal(await card.getByRole('textbox', { name: 'Calendar feed address' }).count(), 0);
  assert.equal((await fetch(url)).status, 404);
}

describe('calendar feeds', () => {
  test('a parent creates a feed on Profile, its address answers a calendar, and 404 once deleted', async () => {
    const { context, page } = await openWalkerContext(browser(), { role: 'guest', theme: 'ADULT', token: null }, 'light', PHONE);
    try {
      await loginThroughUi(page, family.parent);
      await createFetchAndDelete(page, 'parent', 'light', family.parent.password);
    } finally {
      await context.close();
    }
  });

  test('a child does the same in dark mode', async () => {
    const { context, page } = await openWalkerContext(browser(), { role: 'guest', theme: 'TEEN', token: null }, 'dark', PHONE);
    try {
      await loginThroughUi(page, family.mia);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      await createFetchAndDelete(page, 'child', 'dark', family.mia.password);
    } finally {
      await context.close();
    }
  });
});
