import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { BASE_URL, CHROMIUM_PATH } from './config.mjs';

export { BASE_URL };

const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Launches Chromium before the tests of the file that calls it and closes it
 * after them; returns a function giving the browser.
 */
export function sharedBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

export function uniqueSuffix() {
  return `${Date.now()}-${randomBytes(4).toString('hex')}`;
}

export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${uniqueSuffix()}@example.com`;
}

function artifactName(testName) {
  const safe = testName.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${safe || 'test'}-${Date.now()}.png`;
}

/**
 * Watches every page of `context` for Content-Security-Policy violations: the
 * `securitypolicyviolation` events of its documents and the browser's own
 * console reports of them (for what happens before a document's scripts run).
 * The server sends a strict policy (no inline scripts, styles and images from
 * the app's origin, see gateway/src/web.rs), so a violation is something the
 * app tried that the browser refused: a broken feature or an injection.
 * Closing the context then fails with the violations; `check()` fails at once.
 * Every browser test opens its contexts through this, so the suite proves the
 * app runs under its policy.
 */
export async function watchContentSecurityPolicy(context) {
  const violations = [];
  let reported = false;
  await context.exposeBinding('__chorelyCspViolation', (_source, violation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        window.__chorelyCspViolation?.(
          `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${event.documentURI}${where}`,
        );
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  const check = () => {
    reported = true;
    assert.deepEqual(violations, [], 'the page broke its Content-Security-Policy');
  };
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    if (!reported) check();
  };
  return {
    violations,
    check,
    /** Call when the test failed anyway: closing then reports nothing more. */
    ignore() {
      reported = true;
    },
  };
}

/**
 * Runs `fn` with a page in a fresh browser context (no shared cookies or
 * storage); `contextOptions` go to browser.newContext (e.g. permissions).
 * The page must keep to the Content-Security-Policy (watchContentSecurityPolicy).
 * On failure a screenshot goes to e2e/artifacts/.
 */
export async function withPage(browser, t, fn, contextOptions = {}) {
  const context = await browser.newContext({ baseURL: BASE_URL, ...contextOptions });
  const csp = await watchContentSecurityPolicy(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(20_000);
  try {
    await fn(page, context);
    csp.check();
  } catch (error) {
    if (csp.violations.length > 0) console.error('Content-Security-Policy violations:', csp.violations);
    csp.ignore();
    try {
      mkdirSync(artifactsDir, { recursive: true });
      const file = join(artifactsDir, artifactName(t.name));
      await page.screenshot({ path: file, fullPage: true });
      console.error(`screenshot saved: ${file}`);
    } catch (screenshotError) {
      console.error('could not save a screenshot', screenshotError);
    }
    throw error;
  } finally {
    await context.close();
  }
}

/** Waits until the page's path is exactly `path`. */
export function waitForPath(page, path) {
  return page.waitForURL((url) => url.pathname === path);
}

/** Resolves to the first answer of `method path` (path under /api, without query). */
export function nextResponse(page, method, path) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api${path}` && response.request().method() === method,
  );
}

/**
 * Presses Approve on a card of the Reviews page; resolves to the reviewed
 * submission once the card has left the queue.
 */
export async function approveFromQueue(page, card, submissionId) {
  const [response] = await Promise.all([
    nextResponse(page, 'PATCH', `/submissions/${submissionId}/review`),
    card.getByRole('button', { name: 'Approve' }).click(),
  ]);
  assert.equal(response.status(), 200);
  const reviewed = await response.json();
  assert.equal(reviewed.status, 'APPROVED');
  await card.waitFor({ state: 'detached' });
  return reviewed;
}

/**
 * The app's own confirmation (a modal dialog in the page, not the browser's
 * confirm()), named like the button that asked (`title`, a string matched
 * whole or a RegExp): waits for it to open and resolves to the dialog and its
 * question (the text that describes it).
 */
export async function confirmationDialog(page, title) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  const question = await dialog.evaluate(
    (element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
  );
  return { dialog, question };
}

/**
 * Answers the app's confirmation named `title` by pressing `button` in it
 * (the action it names, or Cancel); resolves to its question once the
 * dialog has closed.
 */
export async function answerConfirmation(page, title, button) {
  const { dialog, question } = await confirmationDialog(page, title);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return question;
}

async function apiCall(method, path, { body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  return { status: response.status, data };
}

/** Registers a parent (ORG_ADMIN) through the API; returns the credentials and session. */
export async function registerParent(overrides = {}) {
  const suffix = uniqueSuffix();
  const input = {
    email: uniqueEmail('e2e-parent'),
    password: 'secret123',
    firstName: 'Pat',
    lastName: 'Parent',
    organizationName: `E2E Family ${suffix}`,
    timeZone: 'UTC',
    ...overrides,
  };
  const { status, data } = await apiCall('POST', '/auth/register', { body: input });
  assert.ok(status >= 200 && status < 300, `register answered ${status}: ${JSON.stringify(data)}`);
  assert.ok(data?.token, 'register returned no token');
  return { ...input, token: data.token, user: data.user };
}

/** Creates an invite code with the parent's token. */
export async function createInviteCode(token, body = { role: 'ORG_ADMIN', email: '', expiresInDays: 7 }) {
  const { status, data } = await apiCall('POST', '/organizations/invite-codes', { body, token });
  assert.ok(status >= 200 && status < 300, `invite-codes answered ${status}: ${JSON.stringify(data)}`);
  assert.ok(data?.code, 'invite-codes returned no code');
  return data;
}

export async function readSession(page) {
  return page.evaluate(() => ({
    token: window.localStorage.getItem('token'),
    user: window.localStorage.getItem('user'),
  }));
}

/** The dashboard figures the API gives the holder of `token`. */
export async function dashboardStats(token) {
  const { status, data } = await apiCall('GET', '/dashboard/stats', { token });
  assert.equal(status, 200, `dashboard/stats answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** Logs in through the login form and waits for the dashboard. */
export async function loginThroughUi(page, { email, password }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await waitForPath(page, '/');
}

/** Sets a child's 4-digit PIN for the family tablet (parents). */
export async function setChildPin(token, childId, pin) {
  const { status, data } = await apiCall('PUT', `/children/${childId}/pin`, { body: { pin }, token });
  assert.equal(status, 204, `setting a PIN failed: ${JSON.stringify(data)}`);
}

/** Sets up a family tablet (parents); returns { tablet, token }, the token being its device token. */
export async function createTablet(token, name = 'Family tablet') {
  const { status, data } = await apiCall('POST', '/organizations/tablets', { body: { name }, token });
  assert.equal(status, 201, `setting up a tablet failed: ${JSON.stringify(data)}`);
  return data;
}

/** Invites a child with the parent's token; returns { child, inviteUrl, inviteCode }. */
export async function inviteChild(token, overrides = {}) {
  const body = {
    firstName: 'Robin',
    lastName: '',
    name: '',
    email: uniqueEmail('e2e-child'),
    phone: '',
    dateOfBirth: null,
    birthdayRewardAmount: 10,
    ageGroup: 'CHILD',
    uiTheme: 'KIDS',
    rewardDisplayType: 'MONEY',
    ...overrides,
  };
  const { status, data } = await apiCall('POST', '/children/invite', { body, token });
  assert.equal(status, 201, `children/invite answered ${status}: ${JSON.stringify(data)}`);
  assert.ok(data?.child?.id, 'children/invite returned no child');
  return data;
}

/**
 * Invites a child named `name` (with `overrides` of the invitation, e.g. its
 * uiTheme) with the parent's token and accepts the invitation; returns the child's login ({ email, password }), record and token.
 */
export async function addChild(parentToken, name, overrides = {}) {
  const email = uniqueEmail('e2e-child');
  const password = 'kidsecret1';
  const { child, inviteCode } = await inviteChild(parentToken, { firstName: name, name, email, ...overrides });
  const token = await acceptInvite({ inviteCode, password });
  return { email, password, record: child, token };
}

/** Accepts an invitation through the API; returns the new user's token. */
export async function acceptInvite(body) {
  const { status, data } = await apiCall('POST', '/auth/accept-invite', { body });
  assert.ok(status >= 200 && status < 300, `accept-invite answered ${status}: ${JSON.stringify(data)}`);
  assert.ok(data?.token, 'accept-invite returned no token');
  return data.token;
}

/** Creates a category with the parent's token; returns it. */
export async function createCategory(token, body) {
  const { status, data } = await apiCall('POST', '/categories', { body: { description: '', ...body }, token });
  assert.equal(status, 201, `categories answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** Creates a chore with the parent's token (anytime, no photo, unless overridden); returns it. */
export async function createChore(token, body) {
  const input = { description: '', frequencyDays: 0, requiresPhoto: false, ...body };
  const { status, data } = await apiCall('POST', '/chores', { body: input, token });
  assert.equal(status, 201, `chores answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** Submits a chore as the child (multipart, no photo), completed a minute ago; returns the submission. */
export async function submitChore(token, choreId, notes = '') {
  const form = new FormData();
  form.set('choreId', choreId);
  form.set('completedAt', new Date(Date.now() - 60_000).toISOString());
  form.set('notes', notes);
  const response = await fetch(`${BASE_URL}/api/submissions`, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  assert.equal(response.status, 201, `submissions answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** Approves or rejects a submission as a parent; returns the reviewed submission. */
export async function reviewSubmission(token, submissionId, status, adminNotes = '') {
  const body = { status, ...(adminNotes ? { adminNotes } : {}) };
  const { status: code, data } = await apiCall('PATCH', `/submissions/${submissionId}/review`, { body, token });
  assert.equal(code, 200, `review answered ${code}: ${JSON.stringify(data)}`);
  return data;
}

/** Adds to (+10.00) or takes from (-5.50) a child's balance as a parent. */
export async function adjustBalance(token, childId, amount, notes = 'Adjusted by the browser tests') {
  const { status, data } = await apiCall('POST', `/children/${childId}/adjust-balance`, { body: { amount, notes }, token });
  assert.ok(status >= 200 && status < 300, `adjust-balance answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** Records a payout as a parent; returns it. */
export async function createPayout(token, body) {
  const { status, data } = await apiCall('POST', '/payouts', { body, token });
  assert.equal(status, 201, `payouts answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** Adds a school subject to a child as a parent; returns it. */
/** Adds a reward to the family's store (parents). */
export async function createStoreItem(token, body) {
  const { status, data } = await apiCall('POST', '/store/items', { token, body });
  assert.equal(status, 201, `store/items answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** A child asks for a store item: the PENDING redemption. */
export async function redeemItem(token, itemId) {
  const { status, data } = await apiCall('POST', `/store/items/${itemId}/redeem`, { token, body: {} });
  assert.equal(status, 201, `redeem answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** A child's jars as the API gives them. */
export async function jarsOf(token, childId) {
  const { status, data } = await apiCall('GET', `/children/${childId}/jars`, { token });
  assert.equal(status, 200, `jars answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

export async function createSubject(token, childId, body) {
  const { status, data } = await apiCall('POST', `/subjects/${childId}`, { body, token });
  assert.equal(status, 201, `subjects answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** Records a grade ({ grade: 'B' } or { percentage: 91.5 }) of a subject as a parent. */
export async function gradeSubject(token, subjectId, body) {
  const { status, data } = await apiCall('POST', `/subjects/${subjectId}/grade`, { body, token });
  assert.ok(status >= 200 && status < 300, `grade answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** Sets a family's plan as the super admin (e.g. PRO, for more than 3 children). */
export async function setPlan(superAdminToken, organizationId, plan = 'PRO', subscriptionStatus = 'ACTIVE') {
  const body = { plan, subscriptionStatus };
  const { status, data } = await apiCall('PATCH', `/admin/organizations/${organizationId}/plan`, { body, token: superAdminToken });
  assert.equal(status, 200, `plan answered ${status}: ${JSON.stringify(data)}`);
  return data;
}

/** POST /api/auth/login; returns the token. */
export async function loginThroughApi({ email, password }) {
  const { status, data } = await apiCall('POST', '/auth/login', { body: { email, password } });
  assert.equal(status, 200, `login answered ${status}: ${JSON.stringify(data)}`);
  return data.token;
}

/** GET /api/users/me with a token; resolves to the HTTP status. */
export async function currentUserStatus(token) {
  const { status } = await apiCall('GET', '/users/me', { token });
  return status;
}

/**
 * Waits until the form control `control` is marked invalid and resolves to
 * the message assistive technology reads for it: the text of the elements
 * its aria-describedby names.
 */
export async function fieldError(control) {
  await control.and(control.page().locator('[aria-invalid="true"]')).waitFor();
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/**
 * Clicks `button` and resolves to the JSON body of the 400 that `method path`
 * answers, after checking it names `field` among its details.
 */
export async function refusedWithDetail(page, method, path, button, field) {
  const [response] = await Promise.all([nextResponse(page, method, path), button.click()]);
  const body = await response.json();
  assert.equal(response.status(), 400, `${method} ${path} answered ${response.status()}: ${JSON.stringify(body)}`);
  assert.ok(
    Array.isArray(body.details) && body.details.some((detail) => detail.field === field),
    `${method} ${path} named no ${field} in its details: ${JSON.stringify(body)}`,
  );
  return body;
}
