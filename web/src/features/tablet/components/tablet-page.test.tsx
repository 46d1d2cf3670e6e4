import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { WAITING_RETRY_MS } from '../hooks/use-waiting-taps';
import { useWaitingTapsStore } from '../stores/waiting-taps-store';
import type { TabletBoard } from '../types';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { useSessionStore } from '@/stores/session-store';
import { useTabletStore } from '@/stores/tablet-store';
import { buildChore, buildSubmission } from '@/testing/chores';
import { stubUpload } from '@/testing/fake-upload';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';
import type { TodayChore } from '@/types/api';
import { formatCalendarDate, formatTime } from '@/utils/format';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

const DEVICE = 'device-token';
const DUE = '2030-03-04T22:00:00Z';
const ZONE = 'America/New_York';

const cat = buildChore({ id: 'cat', name: 'Feed the cat', baseReward: 1.5 });
const bed = buildChore({ id: 'bed', name: 'Make bed', dueDays: [1, 2, 3, 4, 5, 6, 7], dueTime: '17:00' });
const dishes = buildChore({ id: 'dishes', name: 'Wash dishes' });
const porch = buildChore({ id: 'porch', name: 'Sweep the porch', requiresPhoto: true, baseReward: 3 });
const lawn = buildChore({ id: 'lawn', name: 'Mow lawn' });

const item = (chore: TodayChore['chore'], status: TodayChore['status'], extra: Partial<TodayChore> = {}): TodayChore => ({
  chore,
  status,
  ...extra,
});

/** Mia (PIN set): two chores to do, one sent, a photo chore; Leo (no PIN): paused; Sam: nothing today. */
function buildBoard(miaCat: TodayChore = item(cat, 'TODO')): TabletBoard {
  return {
    tabletName: 'Kitchen tablet',
    familyName: 'The Does',
    children: [
      { id: 'mia', name: 'Mia', hasPin: true },
      { id: 'leo', name: 'Leo', hasPin: false },
      { id: 'sam', name: 'Sam', hasPin: true },
    ],
    today: {
      date: '2030-03-04',
      timeZone: ZONE,
      children: [
        {
          childId: 'mia',
          childName: 'Mia',
          chores: [
            item(bed, 'LATE', { dueAt: DUE }),
            miaCat,
            item(dishes, 'DONE', { submission: { id: 's1', status: 'PENDING', late: false } }),
            item(porch, 'TODO'),
          ],
        },
        { childId: 'leo', childName: 'Leo', chores: [item(cat, 'TODO'), item(lawn, 'PAUSED')], pausedUntil: '2030-03-07' },
        { childId: 'sam', childName: 'Sam', chores: [] },
      ],
    },
  };
}

const wrongPin = { error: 'That PIN is not right', message: 'That PIN is not right', code: 'PIN_WRONG' };
const mia = childUser('MONEY');

interface Family {
  board?: () => TabletBoard;
  unlock?: (body: { childId: string; pin: string }) => Response;
  login?: (request: ApiRequest) => Response;
}

/** The tablet's answers: the board, an unlock (2580 opens Mia's session "mia-token"), a logout. */
function stubTablet({ board = () => buildBoard(), unlock, login }: Family = {}) {
  return stubApi((request) => {
    const { method, path, body } = request;
    if (method === 'GET' && path === '/tablet/board') return jsonResponse(200, board());
    if (method === 'POST' && path === '/tablet/unlock') {
      const entered = body as { childId: string; pin: string };
      if (unlock) return unlock(entered);
      return entered.pin === '2580' ? jsonResponse(200, { token: 'mia-token', user: mia }) : jsonResponse(400, wrongPin);
    }
    if (method === 'POST' && path === '/auth/logout') return new Response(null, { status: 204 });
    if (method === 'POST' && path === '/auth/login' && login) return login(request);
    return undefined;
  });
}

/** The headers a fetch call sent. */
function headersOf(call: unknown[]): Headers {
  return new Headers((call[1] as RequestInit | undefined)?.headers);
}

/** The first fetch call to an address ending in `path`. */
function callTo(calls: unknown[][], path: string): unknown[] | undefined {
  return calls.find((call) => typeof call[0] === 'string' && call[0].endsWith(path));
}

async function enterPin(user: ReturnType<typeof userEvent.setup>, pin: string) {
  const pad = screen.getByRole('group', { name: 'PIN pad' });
  for (const digit of pin) await user.click(within(pad).getByRole('button', { name: digit }));
}

function column(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** Mia's chore card (a button) named `name`, once the board shows. */
async function miaChore(name: RegExp): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Mia' })).getByRole('button', { name });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  useTabletStore.getState().setDeviceToken(DEVICE);
  // The queue is module state, kept in memory: each test starts with none waiting.
  useWaitingTapsStore.setState({ taps: [], refused: [], sending: false });
});

describe('the family board', () => {
  it("shows each child's column and chores of today without any PIN", async () => {
    const { fetchMock, requests } = stubTablet();
    renderRoute('/tablet');

    expect(await screen.findByRole('heading', { level: 1, name: "Today's chores" })).toBeTruthy();
    expect(await screen.findByText(`The Does · ${formatCalendarDate('2030-03-04')}`)).toBeTruthy();
    const miaColumn = column('Mia');
    expect(within(miaColumn).getByRole('heading', { level: 2, name: 'Mia' })).toBeTruthy();
    const chores = within(miaColumn).getByRole('list', { name: "Mia's chores" });
    expect(within(chores).getAllByRole('listitem')).toHaveLength(4);
    // What Mia can still do are buttons, with where each stands and when it is due (in the family's zone).
    const late = within(chores).getByRole('button', { name: /^Make bed/ });
    expect(late.textContent).toContain('Late, still to do');
    expect(late.textContent).toContain(`Due by ${formatTime(DUE, ZONE)}`);
    expect(within(chores).getByRole('button', { name: /^Feed the cat\W+To do$/ })).toBeTruthy();
    expect(within(chores).getByRole('button', { name: /^Sweep the porch/ })).toBeTruthy();
    // A chore sent is no button: it waits for a parent.
    expect(within(chores).queryByRole('button', { name: /Wash dishes/ })).toBeNull();
    expect(within(chores).getByText('Sent, waiting for a parent')).toBeTruthy();
    // Leo is paused; Sam has nothing today.
    expect(within(column('Leo')).getByText(`Paused until ${formatCalendarDate('2030-03-07')}`)).toBeTruthy();
    expect(within(column('Leo')).getByText('Paused')).toBeTruthy();
    expect(within(column('Sam')).getByText('Nothing to do today.')).toBeTruthy();
    expect(within(column('Sam')).getByRole('button', { name: 'My page: Sam' })).toBeTruthy();

    // Asked with the tablet's device token, never a session; nothing unlocked.
    const boardCall = callTo(fetchMock.mock.calls, '/tablet/board');
    expect(boardCall && headersOf(boardCall).get('X-Tablet-Token')).toBe(DEVICE);
    expect(boardCall && headersOf(boardCall).has('Authorization')).toBe(false);
    expect(requests.some((request) => request.path === '/tablet/unlock')).toBe(false);
    expect(document.title).toContain('Family tablet');
  });

  it("sends a chore with the child's PIN as that child, celebrates, signs the child out and refreshes", async () => {
    const user = userEvent.setup();
    let sent = false;
    const { fetchMock, requests } = stubTablet({
      board: () =>
        buildBoard(sent ? item(cat, 'DONE', { submission: { id: 'new', status: 'PENDING', late: false } }) : item(cat, 'TODO')),
    });
    const uploads = stubUpload();
    renderRoute('/tablet');

    await user.click(await miaChore(/^Feed the cat/));
    const dialog = screen.getByRole('dialog', { name: 'Feed the cat' });
    expect(within(dialog).getByText('Hi Mia! Enter your PIN to send it.')).toBeTruthy();
    await enterPin(user, '2580');

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(requests.find((request) => request.path === '/tablet/unlock')?.body).toEqual({ childId: 'mia', pin: '2580' });
    const [upload] = uploads;
    expect(upload?.method).toBe('POST');
    expect(upload?.url).toBe('/api/submissions');
    expect(upload?.headers.authorization).toBe('Bearer mia-token');
    expect(upload?.form.get('choreId')).toBe('cat');
    expect(Number.isNaN(Date.parse(upload?.form.get('completedAt') as string))).toBe(false);
    // The tap's key goes with it: were the answer lost, a send again would make no second submission.
    expect(upload?.headers['idempotency-key']).toMatch(UUID);
    expect(upload?.form.get('photo')).toBeNull();
    // The child's session was never this browser's.
    expect(useSessionStore.getState().token).toBeNull();

    sent = true;
    upload?.respond(201, buildSubmission({ id: 'new', chore: cat, childId: 'mia', childName: 'Mia', baseReward: 1.5 }));

    const status = await screen.findByText('Well done, Mia!');
    const region = status.closest('[role="status"]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.textContent).toContain('Feed the cat is sent. A parent will check it.');
    expect(region?.textContent).toContain('You can earn $1.50.');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Her session ended at once, and the board shows the chore sent.
    const logout = callTo(fetchMock.mock.calls, '/auth/logout');
    expect(logout && headersOf(logout).get('Authorization')).toBe('Bearer mia-token');
    const chores = within(column('Mia')).getByRole('list', { name: "Mia's chores" });
    await waitFor(() => expect(within(chores).queryByRole('button', { name: /Feed the cat/ })).toBeNull());
    expect(within(chores).getAllByText('Sent, waiting for a parent')).toHaveLength(2);
    expect(useSessionStore.getState().token).toBeNull();

    // The child's next tap is on the celebration; put away, it leaves focus on the board.
    const thanks = screen.getByRole('button', { name: 'Thanks!' });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    await user.click(thanks);
    expect(screen.queryByText('Well done, Mia!')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('shows a wrong PIN as the server says and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = stubTablet();
    const uploads = stubUpload();
    renderRoute('/tablet');

    await user.click(await miaChore(/^Feed the cat/));
    await enterPin(user, '1111');

    const dialog = screen.getByRole('dialog', { name: 'Feed the cat' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That PIN is not right');
    expect(requests.filter((request) => request.path === '/tablet/unlock')).toHaveLength(1);
    expect(uploads).toHaveLength(0);
    expect(requests.some((request) => request.path === '/auth/logout')).toBe(false);
    // The pad is empty again for another try.
    expect(within(dialog).getByText('0 of 4 digits entered')).toBeTruthy();
  });

  it('asks for a photo before the PIN of a photo chore, and sends it with the photo', async () => {
    const user = userEvent.setup();
    const { requests } = stubTablet();
    const uploads = stubUpload();
    renderRoute('/tablet');

    await user.click(await miaChore(/^Sweep the porch/));
    const dialog = screen.getByRole('dialog', { name: 'Sweep the porch' });
    const camera = within(dialog).getByLabelText<HTMLInputElement>('Photo of the chore');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(within(dialog).queryByRole('group', { name: 'PIN pad' })).toBeNull();

    // Without a photo it goes no further.
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Take a photo first.')).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'PIN pad' })).toBeNull();
    expect(requests.some((request) => request.path === '/tablet/unlock')).toBe(false);

    const photo = new File(['porch'], 'porch.jpg', { type: 'image/jpeg' });
    await user.upload(camera, photo);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await enterPin(user, '2580');

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.form.get('choreId')).toBe('porch');
    expect((uploads[0]?.form.get('photo') as File | null)?.name).toBe('porch.jpg');
  });

  it('tells a child without a PIN that a parent sets it, with no pad', async () => {
    const user = userEvent.setup();
    const { requests } = stubTablet();
    renderRoute('/tablet');

    await user.click(await within(await screen.findByRole('region', { name: 'Leo' })).findByRole('button', { name: /^Feed the cat/ }));
    const dialog = screen.getByRole('dialog', { name: 'Feed the cat' });
    expect(within(dialog).getByText('Leo has no PIN yet. A parent can set one on the Children page.')).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'PIN pad' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((request) => request.path === '/tablet/unlock')).toBe(false);
  });

  it("opens a child's own page with their PIN (My page)", async () => {
    const user = userEvent.setup();
    stubTablet();
    const { router } = renderRoute('/tablet');

    await user.click(await screen.findByRole('button', { name: 'My page: Mia' }));
    expect(screen.getByRole('dialog', { name: 'Hi Mia! Enter your PIN' })).toBeTruthy();
    await enterPin(user, '2580');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState().token).toBe('mia-token');
    expect(useTabletStore.getState().childSession).toBe(true);
  });

  it("signs a parent in from the parent corner, into the parents' app, the tablet kept", async () => {
    const user = userEvent.setup();
    const parent = buildUser();
    const { requests } = stubTablet({ login: () => jsonResponse(200, { token: 'parent-token', user: parent }) });
    const { router } = renderRoute('/tablet');

    await user.click(await screen.findByRole('button', { name: 'Parents' }));
    const dialog = screen.getByRole('dialog', { name: 'Parents' });
    await user.type(within(dialog).getByLabelText('Email'), parent.email);
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((request) => request.path === '/auth/login')?.body).toEqual({ email: parent.email, password: 'secret123' });
    expect(useSessionStore.getState().token).toBe('parent-token');
    expect(useTabletStore.getState().deviceToken).toBe(DEVICE);
    expect(useTabletStore.getState().childSession).toBe(false);
  });

  it("takes a parent in their app on the tablet back to the board, their session ended", async () => {
    const user = userEvent.setup();
    signIn(buildUser({ firstName: 'Jane', lastName: 'Doe' }), 'parent-token');
    const { fetchMock } = stubTablet();
    const { router } = renderRoute('/');

    const bar = await screen.findByRole('region', { name: 'Family tablet' });
    expect(within(bar).getByText('Jane Doe on the family tablet')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Back to the board' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tablet'));
    expect(await screen.findByRole('region', { name: 'Mia' })).toBeTruthy();
    expect(useSessionStore.getState().token).toBeNull();
    const logout = callTo(fetchMock.mock.calls, '/auth/logout');
    expect(logout && headersOf(logout).get('Authorization')).toBe('Bearer parent-token');
  });

  it("refuses a child's account in the parent corner and ends its session", async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubTablet({ login: () => jsonResponse(200, { token: 'child-login', user: mia }) });
    const { router } = renderRoute('/tablet');

    await user.click(await screen.findByRole('button', { name: 'Parents' }));
    const dialog = screen.getByRole('dialog', { name: 'Parents' });
    await user.type(within(dialog).getByLabelText('Email'), mia.email);
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only a parent can sign in here. Children use their PIN on the board.',
    );
    expect(router.state.location.pathname).toBe('/tablet');
    expect(useSessionStore.getState().token).toBeNull();
    const logout = callTo(fetchMock.mock.calls, '/auth/logout');
    expect(logout && headersOf(logout).get('Authorization')).toBe('Bearer child-login');
  });

  it("ends a parent's session found on arrival: the board is the family's", async () => {
    signIn(buildUser(), 'parent-token');
    const { fetchMock } = stubTablet();
    renderRoute('/tablet');

    expect(await screen.findByRole('region', { name: 'Mia' })).toBeTruthy();
    expect(useSessionStore.getState().token).toBeNull();
    const logout = callTo(fetchMock.mock.calls, '/auth/logout');
    expect(logout && headersOf(logout).get('Authorization')).toBe('Bearer parent-token');
  });

  it('says the browser is no longer the tablet when the board is refused with 401', async () => {
    stubApi(({ path }) =>
      path === '/tablet/board' ? jsonResponse(401, { error: 'TABLET_UNKNOWN', code: 'TABLET_UNKNOWN' }) : undefined,
    );
    renderRoute('/tablet');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This browser is no longer the family tablet. A parent can set it up again in Settings.',
      }),
    ).toBeTruthy();
    expect(useTabletStore.getState().deviceToken).toBeNull();
  });
});

/** What navigator.onLine says, as the browser would change it. */
function browserOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
}

/** The network comes back: the browser says so and fires 'online'. */
function goOnline() {
  browserOnline(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** Whether `text` is in any entry of the browser's storage (key or value). */
function storedAnywhere(text: string): boolean {
  return [window.localStorage, window.sessionStorage].some((storage) =>
    Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '').some(
      (key) => key.includes(text) || (storage.getItem(key) ?? '').includes(text),
    ),
  );
}

/** The chores in Mia's column. */
function miaChores(): HTMLElement {
  return within(column('Mia')).getByRole('list', { name: "Mia's chores" });
}

/**
 * Mia taps Feed the cat with the tablet offline and enters `pin`; resolves
 * with the moments just before and after her tap (its time is sent later).
 */
async function tapOffline(user: ReturnType<typeof userEvent.setup>, pin = '2580') {
  const card = await miaChore(/^Feed the cat/);
  browserOnline(false);
  const before = Date.now();
  await user.click(card);
  const after = Date.now();
  await enterPin(user, pin);
  return { before, after };
}

describe('taps made offline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wait on the tablet, shown waiting, with no request made and the PIN never stored', async () => {
    const user = userEvent.setup();
    const { requests } = stubTablet();
    const uploads = stubUpload();
    renderRoute('/tablet');

    await tapOffline(user);

    // Celebrated all the same, saying it goes later.
    const region = (await screen.findByText('Well done, Mia!')).closest('[role="status"]');
    expect(region?.textContent).toContain('Feed the cat is saved. It will be sent when the tablet is back online.');
    expect(region?.textContent).not.toContain('A parent will check it.');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its card says it waits, in words, and offers it no more.
    const waitingState = within(miaChores()).getByText('Waiting to send');
    expect(waitingState.closest('li')?.textContent).toContain('Feed the cat');
    expect(waitingState.closest('button')).toBeNull();
    expect(within(miaChores()).queryByRole('button', { name: /Feed the cat/ })).toBeNull();
    // Leo's Feed the cat is his own, still to do.
    expect(within(column('Leo')).getByRole('button', { name: /^Feed the cat/ })).toBeTruthy();

    expect(requests.filter((request) => request.path !== '/tablet/board')).toEqual([]);
    expect(uploads).toHaveLength(0);
    expect(useWaitingTapsStore.getState().taps).toMatchObject([{ childId: 'mia', choreId: 'cat', pin: '2580' }]);
    expect(storedAnywhere('2580')).toBe(false);
  });

  it('go once when the network returns: unlock, the chore with its key and time, then the logout', async () => {
    const user = userEvent.setup();
    let sent = false;
    const { fetchMock, requests } = stubTablet({
      board: () =>
        buildBoard(sent ? item(cat, 'DONE', { submission: { id: 'new', status: 'PENDING', late: false } }) : item(cat, 'TODO')),
    });
    const uploads = stubUpload();
    renderRoute('/tablet');
    const { before, after } = await tapOffline(user);
    await screen.findByText('Well done, Mia!');
    const [waiting] = useWaitingTapsStore.getState().taps;

    // Two signs of the network at once (the browser's, a call answered): still one send.
    goOnline();
    goOnline();

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(requests.filter((request) => request.path === '/tablet/unlock').map((request) => request.body)).toEqual([
      { childId: 'mia', pin: '2580' },
    ]);
    const [upload] = uploads;
    expect(upload?.url).toBe('/api/submissions');
    expect(upload?.headers.authorization).toBe('Bearer mia-token');
    expect(upload?.headers['idempotency-key']).toMatch(UUID);
    expect(upload?.headers['idempotency-key']).toBe(waiting?.key);
    expect(upload?.form.get('choreId')).toBe('cat');
    // Done when she tapped, not when it went.
    const completedAt = Date.parse(upload?.form.get('completedAt') as string);
    expect(completedAt).toBeGreaterThanOrEqual(before);
    expect(completedAt).toBeLessThanOrEqual(after);
    // Her session ends once the chore is answered.
    expect(callTo(fetchMock.mock.calls, '/auth/logout')).toBeUndefined();

    sent = true;
    upload?.respond(201, buildSubmission({ id: 'new', chore: cat, childId: 'mia', childName: 'Mia' }));

    await waitFor(() => expect(within(miaChores()).getAllByText('Sent, waiting for a parent')).toHaveLength(2));
    expect(within(miaChores()).queryByText('Waiting to send')).toBeNull();
    expect(useWaitingTapsStore.getState().taps).toEqual([]);
    const logouts = fetchMock.mock.calls.filter((call) => typeof call[0] === 'string' && call[0].endsWith('/auth/logout'));
    expect(logouts).toHaveLength(1);
    expect(logouts[0] && headersOf(logouts[0]).get('Authorization')).toBe('Bearer mia-token');

    // Nothing waits any more: the network's next return sends nothing.
    goOnline();
    expect(requests.filter((request) => request.path === '/tablet/unlock')).toHaveLength(1);
    expect(uploads).toHaveLength(1);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('stay waiting when the send gets no answer, and go again 30 s later with the same key', async () => {
    // Only the retry's interval is faked: the rest of the page keeps real time. vi.waitFor polls on real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    const { requests } = stubTablet();
    const uploads = stubUpload();
    renderRoute('/tablet');
    await tapOffline(user);
    await screen.findByText('Well done, Mia!');

    goOnline();
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.failNetwork();

    await vi.waitFor(() => expect(useWaitingTapsStore.getState().sending).toBe(false));
    expect(useWaitingTapsStore.getState().taps).toHaveLength(1);
    expect(within(miaChores()).getByText('Waiting to send')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(WAITING_RETRY_MS);
    });
    await vi.waitFor(() => expect(uploads).toHaveLength(2));
    expect(requests.filter((request) => request.path === '/tablet/unlock')).toHaveLength(2);
    const [first, second] = uploads;
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.form.get('completedAt')).toBe(first?.form.get('completedAt'));

    second?.respond(201, buildSubmission({ id: 'new', chore: cat, childId: 'mia', childName: 'Mia' }));
    await vi.waitFor(() => expect(useWaitingTapsStore.getState().taps).toEqual([]));
  });

  it('wait too when the unlock gets no answer, and go when an API call is answered again', async () => {
    const user = userEvent.setup();
    let reachable = false;
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/tablet/board') return jsonResponse(200, buildBoard());
      if (method === 'POST' && path === '/tablet/unlock') {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { token: 'mia-token', user: mia });
      }
      if (method === 'POST' && path === '/auth/logout') return new Response(null, { status: 204 });
      return undefined;
    });
    const uploads = stubUpload();
    renderRoute('/tablet');

    // The browser thinks it is online; the server cannot be reached.
    await user.click(await miaChore(/^Feed the cat/));
    await enterPin(user, '2580');
    const region = (await screen.findByText('Well done, Mia!')).closest('[role="status"]');
    expect(region?.textContent).toContain('Feed the cat is saved.');
    expect(within(miaChores()).getByText('Waiting to send')).toBeTruthy();
    expect(useConnectivityStore.getState().networkFailed).toBe(true);

    // A call is answered again (the connectivity store says so): the tap goes.
    reachable = true;
    act(() => useConnectivityStore.getState().setNetworkFailed(false));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(requests.filter((request) => request.path === '/tablet/unlock')).toHaveLength(2);
    expect(uploads[0]?.headers['idempotency-key']).toMatch(UUID);
    uploads[0]?.respond(201, buildSubmission({ id: 'new', chore: cat, childId: 'mia', childName: 'Mia' }));
    await waitFor(() => expect(useWaitingTapsStore.getState().taps).toEqual([]));
  });

  it('leave the queue when the server refuses them, and the board names the child, the chore and why', async () => {
    const user = userEvent.setup();
    const { requests } = stubTablet();
    const uploads = stubUpload();
    renderRoute('/tablet');

    // Offline the PIN cannot be checked: a wrong one waits like any other.
    await tapOffline(user, '1111');
    await user.click(await screen.findByRole('button', { name: 'Thanks!' }));
    goOnline();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Feed the cat from Mia could not be sent');
    expect(alert.textContent).toContain('That PIN is not right');
    expect(requests.filter((request) => request.path === '/tablet/unlock')).toHaveLength(1);
    expect(uploads).toHaveLength(0);
    expect(useWaitingTapsStore.getState().taps).toEqual([]);
    // The chore can be tapped again.
    expect(within(miaChores()).getByRole('button', { name: /^Feed the cat\W+To do$/ })).toBeTruthy();

    // No further try of it.
    goOnline();
    expect(requests.filter((request) => request.path === '/tablet/unlock')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'OK, close the note about Feed the cat from Mia' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuse a photo chore offline: the tablet must be online to send a photo, and nothing waits', async () => {
    const user = userEvent.setup();
    const { requests } = stubTablet();
    renderRoute('/tablet');

    const card = await miaChore(/^Sweep the porch/);
    browserOnline(false);
    await user.click(card);

    const dialog = screen.getByRole('dialog', { name: 'Sweep the porch' });
    expect(
      within(dialog).getByText('The tablet must be online to send a photo. Try again when it is back online.'),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('Photo of the chore')).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'PIN pad' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useWaitingTapsStore.getState().taps).toEqual([]);
    expect(within(miaChores()).queryByText('Waiting to send')).toBeNull();
    expect(requests.some((request) => request.path === '/tablet/unlock')).toBe(false);
  });
});
