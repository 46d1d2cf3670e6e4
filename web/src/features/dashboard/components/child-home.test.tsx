import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { DashboardPage } from './dashboard-page';
import { setLanguage } from '@/lib/i18n';
import { celebratedKey } from '@/lib/storage';
import { buildChore, buildSubmission, garden } from '@/testing/chores';
import { stubUpload } from '@/testing/fake-upload';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';
import type { Chore, Submission, TodayChore } from '@/types/api';
import { formatCalendarDate, formatDateTime } from '@/utils/format';

const dishes = buildChore({ id: 'c-dishes', name: 'Wash dishes', frequencyDays: 0 });
const lawn = buildChore({ id: 'c-lawn', name: 'Mow lawn', category: garden, categoryId: garden.id, baseReward: 5 });
const porch = buildChore({ id: 'c-porch', name: 'Sweep the porch', category: garden, categoryId: garden.id, requiresPhoto: true });

const lockedLawn: TodayChore = { chore: lawn, status: 'COOLDOWN', nextAvailableAt: '2030-03-05T09:00:00Z' };
const todo = (chore: Chore, more: Partial<TodayChore> = {}): TodayChore => ({ chore, status: 'TODO', ...more });

/** GET /chores/today for the signed-in child, on 3 March 2030 in UTC. */
const todayOf = (chores: TodayChore[], pausedUntil: string | null = null) => ({
  date: '2030-03-03',
  timeZone: 'UTC',
  children: [{ childId: 'child-1', childName: 'Kit', chores, pausedUntil }],
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const emptyStats = {
  role: 'ORG_MEMBER',
  balance: 0,
  pendingSubmissions: 0,
  completedThisMonth: 0,
  earnedThisMonth: 0,
  recentHistory: [],
  weeklyEarnings: [],
};

interface Home {
  chores?: Chore[];
  today?: TodayChore[];
  /** The last day of the child's pause today is in. */
  pausedUntil?: string;
  pending?: Submission[];
  history?: Submission[];
  stats?: object;
}

/** The API of a child's home; `home` may be changed between calls (what the server holds). */
function stubHome(home: Home) {
  return stubApi(({ path }) => {
    if (path === '/dashboard/stats') return jsonResponse(200, home.stats ?? emptyStats);
    if (path === '/chores') return jsonResponse(200, home.chores ?? [dishes, lawn, porch]);
    if (path === '/chores/today') return jsonResponse(200, todayOf(home.today ?? [todo(dishes), lockedLawn, todo(porch)], home.pausedUntil));
    if (path === '/submissions?status=PENDING') return jsonResponse(200, home.pending ?? []);
    if (path === '/submissions/history') return jsonResponse(200, home.history ?? []);
    return undefined;
  });
}

function renderHome() {
  return renderWithProviders(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

/** The row of Recent Activity named `name`, once it shows (the list of chores to do has one too). */
const activityRow = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Recent activity' })).findByRole('listitem', { name });

const teen = () =>
  buildUser({ id: 'user-3', role: 'ORG_MEMBER', childId: 'child-1', profile: { uiTheme: 'TEEN', rewardDisplayType: 'MONEY' } });
const adult = () =>
  buildUser({ id: 'user-4', role: 'ORG_MEMBER', childId: 'child-1', profile: { uiTheme: 'ADULT', rewardDisplayType: 'MONEY' } });

const png = (name = 'porch.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** No field anywhere on the page asks for a date or a time. */
const dateOrTimeFields = () => document.querySelectorAll('input[type="datetime-local"], input[type="date"], input[type="time"]');

describe("The child's home: a KIDS child's picture cards", () => {
  it('shows each chore to do now as a big card with its picture, name, reward and due time, and one "I did it!"', async () => {
    const bed = buildChore({ id: 'c-bed', name: 'Make bed', dueDays: [1, 2, 3, 4, 5, 6, 7], dueTime: '09:00' });
    signIn(childUser('MONEY'));
    stubHome({
      chores: [dishes, lawn, porch, bed],
      today: [todo(dishes), lockedLawn, todo(porch), { chore: bed, status: 'LATE', dueAt: '2030-03-03T09:00:00Z' }],
    });
    renderHome();

    const card = within(await screen.findByRole('region', { name: 'Chores to do' }));
    const doable = within(await card.findByRole('list', { name: 'Chores you can do now' }));
    const cards = doable.getAllByRole('listitem');
    expect(cards.map((item) => item.getAttribute('aria-label'))).toEqual(['Make bed', 'Sweep the porch', 'Wash dishes']);
    for (const item of cards) {
      const name = item.getAttribute('aria-label') ?? '';
      const chore = within(item);
      // Its name large (the card's heading, under the card's), and one button: "I did it!", named for the chore.
      expect(chore.getByRole('heading', { level: 3, name })).toBeTruthy();
      const [button, ...more] = chore.getAllByRole('button');
      expect(more).toEqual([]);
      expect(button?.textContent).toBe('I did it!');
      expect(button?.getAttribute('aria-label')).toBe(`I did it! ${name}`);
      expect(chore.queryByRole('link')).toBeNull();
    }

    const dishesCard = within(doable.getByRole('listitem', { name: 'Wash dishes' }));
    expect(dishesCard.getByText('🍽️').getAttribute('aria-hidden')).toBe('true');
    expect(dishesCard.getByText('You get $1.50')).toBeTruthy();
    const bedCard = within(doable.getByRole('listitem', { name: 'Make bed' }));
    expect(bedCard.getByText('🛏️')).toBeTruthy();
    expect(bedCard.getByText('Late')).toBeTruthy();
    expect(bedCard.getByText('Do it by 9:00 AM today')).toBeTruthy();
    expect(within(doable.getByRole('listitem', { name: 'Sweep the porch' })).getByText('This one needs a photo.')).toBeTruthy();

    // No date or time to fill in, and none of the list's "Do it".
    expect(dateOrTimeFields()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Do it/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Do it/ })).toBeNull();

    // Done for now: "Not yet", and back on a day they count (Sunday the 3rd: Tuesday), no time, no button.
    expect(card.getByRole('heading', { name: 'Done for now', level: 3 })).toBeTruthy();
    const locked = within(card.getByRole('list', { name: 'Chores done for now' }));
    const row = within(locked.getByRole('listitem', { name: 'Mow lawn' }));
    expect(row.getByText('Not yet')).toBeTruthy();
    expect(row.getByText('You can do it again on Tuesday.')).toBeTruthy();
    expect(card.queryByText(/Locked|Available again/)).toBeNull();
    expect(row.queryByRole('button')).toBeNull();
    expect(row.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I did it! Mow lawn' })).toBeNull();
  });

  it('sends a chore as done now with one tap, and celebrates it in a live region, where focus lands', async () => {
    const user = userEvent.setup();
    signIn(childUser('MONEY'));
    const home: Home = {};
    const { requests } = stubHome(home);
    const uploads = stubUpload();
    renderHome();

    const card = await screen.findByRole('region', { name: 'Chores to do' });
    // The live region is on the page before anything is said in it, so that what fills it is read out.
    const live = card.querySelector('[aria-live="polite"]');
    expect(live?.getAttribute('role')).toBe('status');
    expect(live?.textContent).toBe('');

    await user.click(await screen.findByRole('button', { name: 'I did it! Wash dishes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const [upload] = uploads;
    expect(uploads).toHaveLength(1);
    expect(upload?.url).toBe('/api/submissions');
    expect(upload?.form.get('choreId')).toBe(dishes.id);
    expect(Math.abs(Date.now() - Date.parse(upload?.form.get('completedAt') as string))).toBeLessThan(61_000);
    expect(upload?.form.get('notes')).toBe('');
    expect(upload?.form.has('photo')).toBe(false);
    // The server now holds it as waiting for review.
    const sent = buildSubmission({ id: 'sent-1', chore: dishes, submittedAt: new Date().toISOString() });
    home.pending = [sent];
    upload?.respond(201, sent);

    await within(card).findByText('You did it!');
    expect(card.querySelector('[aria-live="polite"]')).toBe(live);
    expect(live?.textContent).toBe('You did it!Wash dishes is waiting for Mum or Dad to check it.It can earn you $1.50.');
    await waitFor(() => expect(document.activeElement).toBe(live));
    const activity = within(screen.getByRole('list', { name: 'Recent activity' }));
    const waiting = await activity.findByRole('listitem', { name: 'Wash dishes' });
    expect(waiting.className).toContain('list__row--pending');
    expect(requests.filter((request) => request.path === '/submissions?status=PENDING').length).toBeGreaterThanOrEqual(2);

    // Put away, the region stays for the next one.
    await user.click(within(card).getByRole('button', { name: 'Thanks!' }));
    expect(live?.textContent).toBe('');
    expect(card.querySelector('[aria-live="polite"]')).toBe(live);
  });

  it("shows on the card why a chore was not taken, and celebrates nothing", async () => {
    const user = userEvent.setup();
    signIn(childUser('MONEY'));
    stubHome({});
    const uploads = stubUpload();
    renderHome();

    const dishesCard = within(await screen.findByRole('listitem', { name: 'Wash dishes' }));
    await user.click(dishesCard.getByRole('button', { name: 'I did it! Wash dishes' }));
    uploads[0]?.respond(409, { error: 'Conflict', message: 'This chore is available again on March 5' });
    expect((await dishesCard.findByRole('alert')).textContent).toBe('This chore is available again on March 5');

    await user.click(dishesCard.getByRole('button', { name: 'I did it! Wash dishes' }));
    uploads[1]?.respond(502, '');
    await waitFor(() => expect(dishesCard.getByRole('alert').textContent).toBe('Failed to submit chore'));
    expect(screen.queryByText('You did it!')).toBeNull();
  });

  it('asks for the photo of a photo chore first, with the camera, and sends nothing without it', async () => {
    const user = userEvent.setup();
    signIn(childUser('MONEY'));
    const home: Home = {};
    stubHome(home);
    const uploads = stubUpload();
    renderHome();

    await user.click(await screen.findByRole('button', { name: 'I did it! Sweep the porch' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sweep the porch' }));
    expect(dialog.getByText('Take a photo of what you did. Mum or Dad will check it. It earns $1.50.')).toBeTruthy();
    const camera = dialog.getByLabelText<HTMLInputElement>('Your photo');
    expect(camera.type).toBe('file');
    expect(camera.accept).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(dateOrTimeFields()).toHaveLength(0);
    expect(dialog.queryByRole('link')).toBeNull();

    // Without a photo: asked for one, and nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'I did it!' }));
    expect(dialog.getByRole('alert').textContent).toBe('Take a photo first.');
    expect(uploads).toHaveLength(0);

    await user.upload(camera, png());
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(dialog.getByRole('img', { name: 'The photo you took' })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'I did it!' }));
    const [upload] = uploads;
    expect(uploads).toHaveLength(1);
    expect(upload?.form.get('choreId')).toBe(porch.id);
    expect((upload?.form.get('photo') as File).name).toBe('porch.png');
    expect(Math.abs(Date.now() - Date.parse(upload?.form.get('completedAt') as string))).toBeLessThan(61_000);
    home.pending = [buildSubmission({ chore: porch })];
    upload?.respond(201, buildSubmission({ chore: porch }));

    const region = (await screen.findByText('You did it!')).closest('[aria-live="polite"]');
    expect(region?.textContent).toContain('Sweep the porch is waiting for Mum or Dad to check it.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(region));
  });

  it("celebrates a chore sent from the Submit Chore form, once, where focus lands", async () => {
    signIn(childUser('MONEY'));
    stubHome({});
    const view = renderWithProviders(
      <MemoryRouter initialEntries={[{ pathname: '/', state: { sentChore: 'Sweep the porch' } }]}>
        <DashboardPage />
      </MemoryRouter>,
    );
    const done = await screen.findByText('Sweep the porch is waiting for Mum or Dad to check it.');
    const region = done.closest('[aria-live="polite"]');
    expect(region?.getAttribute('role')).toBe('status');
    expect(region?.textContent).toBe('You did it!Sweep the porch is waiting for Mum or Dad to check it.');
    await waitFor(() => expect(document.activeElement).toBe(region));
    view.unmount();

    renderHome();
    await screen.findByRole('list', { name: 'Chores you can do now' });
    expect(screen.queryByText(/You did it!|waiting for Mum or Dad/)).toBeNull();
  });

  it("still offers the chores when today's list cannot be loaded (the server refuses a locked one)", async () => {
    signIn(childUser('MONEY'));
    stubApi(({ path }) => {
      if (path === '/chores') return jsonResponse(200, [dishes, lawn]);
      if (path === '/chores/today') return jsonResponse(500, { error: 'Internal' });
      return undefined;
    });
    renderHome();
    const doable = within(await screen.findByRole('list', { name: 'Chores you can do now' }));
    expect(doable.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'I did it! Mow lawn',
      'I did it! Wash dishes',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when every chore is done for now, and when there are no chores', async () => {
    signIn(childUser('MONEY'));
    stubHome({ chores: [lawn], today: [lockedLawn] });
    const view = renderHome();
    expect(await screen.findByText('All done for now! Come back later.')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Mow lawn' })).toBeTruthy();
    expect(screen.queryByText('Nothing to do right now.')).toBeNull();
    view.unmount();

    stubHome({ chores: [], today: [] });
    renderHome();
    expect(await screen.findByText('No chores yet. Ask a parent to add some.')).toBeTruthy();
  });

  it('tells a KIDS child when a locked chore comes back in the days they count, in their language', async () => {
    await setLanguage('de');
    signIn(childUser('MONEY'));
    stubHome({
      today: [
        { ...lockedLawn, nextAvailableAt: '2030-03-03T18:00:00Z' },
        { chore: dishes, status: 'DONE', nextAvailableAt: '2030-03-04T06:00:00Z' },
        { chore: porch, status: 'COOLDOWN', nextAvailableAt: '2030-03-25T06:00:00Z' },
      ],
    });
    renderHome();

    const locked = within(await screen.findByRole('list', { name: 'Aufgaben, die erst mal erledigt sind' }));
    const text = (name: string) => within(locked.getByRole('listitem', { name })).getAllByText(/Du kannst sie/)[0]?.textContent;
    expect(text('Mow lawn')).toBe('Du kannst sie später heute wieder machen.');
    expect(text('Wash dishes')).toBe('Du kannst sie morgen wieder machen.');
    expect(text('Sweep the porch')).toBe('Du kannst sie am 25. März wieder machen.');
    expect(locked.getAllByText('Noch nicht')).toHaveLength(3);
    expect(screen.getByText('Alles erledigt! Schau später wieder vorbei.')).toBeTruthy();
  });
});

describe("The child's home: a TEEN child's own layout", () => {
  /** Eight weeks of chore earnings, oldest first, this week last. */
  const weeks = (...amounts: number[]) => amounts.map((amount, index) => ({ weekStart: `2030-01-${String(index + 1).padStart(2, '0')}`, amount }));

  it('leads with the streak and the jars, then a compact list of the chores to do, then the rest', async () => {
    signIn(teen());
    stubHome({ stats: { ...emptyStats, jars: { spend: 3, save: 2, give: 1 }, weeklyEarnings: weeks(0, 0, 0, 0, 0, 2, 3, 1) } });
    renderHome();

    const head = await screen.findByRole('region', { name: 'Streak and jars' });
    const chores = screen.getByRole('region', { name: 'Chores to do' });
    const activity = screen.getByRole('heading', { name: 'Recent Activity', level: 2 });
    const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByRole('heading', { level: 1, name: 'My Dashboard' }), head)).toBe(true);
    expect(follows(head, chores)).toBe(true);
    expect(follows(chores, activity)).toBe(true);

    expect(await within(head).findByText('3 weeks in a row')).toBeTruthy();
    expect(within(head).getByText('Weeks in a row with an approved chore.')).toBeTruthy();
    expect(within(head).getByText('$3.00')).toBeTruthy();
    expect(within(head).getByText('$2.00')).toBeTruthy();
    expect(within(head).getByRole('link', { name: 'Store' }).getAttribute('href')).toBe('/store');
    // The jars are said once, at the head.
    expect(screen.queryByRole('region', { name: 'Jars' })).toBeNull();

    // Compact: a line each, with a small button; no picture cards, and the spec's words.
    expect(chores.className).toContain('do-now--compact');
    const doable = within(await within(chores).findByRole('list', { name: 'Chores you can do now' }));
    expect(doable.getByRole('button', { name: 'Do it: Wash dishes' }).className).toContain('btn--sm');
    expect(doable.getByRole('link', { name: 'Do it: Sweep the porch' }).className).toContain('btn--sm');
    expect(within(chores).queryByRole('heading', { level: 3, name: 'Wash dishes' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^I did it/ })).toBeNull();
    expect(screen.queryByText('You get $1.50')).toBeNull();
  });

  it('says how to keep a streak going, or start one', async () => {
    signIn(teen());
    stubHome({ stats: { ...emptyStats, weeklyEarnings: weeks(0, 0, 0, 0, 0, 2, 3, 0) } });
    const view = renderHome();
    const head = within(await screen.findByRole('region', { name: 'Streak and jars' }));
    expect(await head.findByText('2 weeks in a row')).toBeTruthy();
    expect(head.getByText('Keep it going: get a chore approved this week.')).toBeTruthy();
    view.unmount();

    stubHome({});
    renderHome();
    const none = within(await screen.findByRole('region', { name: 'Streak and jars' }));
    expect(none.getByText('0 weeks in a row')).toBeTruthy();
    expect(none.getByText('No streak yet: get a chore approved this week to start one.')).toBeTruthy();
  });
});

describe("The child's home: an ADULT child's, as it was", () => {
  it('keeps the chores beside Recent Activity, each with Do it, and the jars after the figures', async () => {
    signIn(adult());
    stubHome({});
    renderHome();

    const chores = await screen.findByRole('region', { name: 'Chores to do' });
    expect(chores.parentElement?.className).toBe('grid-2');
    expect(chores.className).toBe('card do-now');
    const doable = within(await within(chores).findByRole('list', { name: 'Chores you can do now' }));
    expect(doable.getAllByRole('listitem').map((row) => row.className)).toEqual(['list__row do-now__row', 'list__row do-now__row']);
    expect(doable.getByRole('button', { name: 'Do it: Wash dishes' })).toBeTruthy();
    expect(doable.getByRole('link', { name: 'Do it: Sweep the porch' }).getAttribute('href')).toBe(`/submit?chore=${porch.id}`);
    expect(screen.queryByRole('region', { name: 'Streak and jars' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^I did it/ })).toBeNull();
    const jars = screen.getByRole('region', { name: 'Jars' });
    const balance = screen.getByRole('group', { name: 'My Balance' });
    expect(Boolean(balance.compareDocumentPosition(jars) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
  });

  it('sends a chore in two taps, Do it then Send for review, and says it waits for review where focus lands', async () => {
    const user = userEvent.setup();
    signIn(adult());
    const home: Home = {};
    const { requests } = stubHome(home);
    const uploads = stubUpload();
    renderHome();

    await user.click(await screen.findByRole('button', { name: 'Do it: Wash dishes' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Wash dishes' }));
    expect(dialog.getByText('Done it? Send it for review. It earns $1.50.')).toBeTruthy();
    expect(dialog.queryByLabelText('Your photo')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Send for review' }));

    const [upload] = uploads;
    expect(upload?.url).toBe('/api/submissions');
    expect(upload?.form.get('choreId')).toBe(dishes.id);
    expect(Date.now() - Date.parse(upload?.form.get('completedAt') as string)).toBeLessThan(61_000);
    const sent = buildSubmission({ id: 'sent-1', chore: dishes, submittedAt: new Date().toISOString() });
    home.pending = [sent];
    upload?.respond(201, sent);

    const done = await screen.findByText('Sent: Wash dishes is waiting for review.');
    expect(done.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Mum or Dad|You did it/)).toBeNull();
    const activity = within(screen.getByRole('list', { name: 'Recent activity' }));
    const waiting = activity.getByRole('listitem', { name: 'Wash dishes' });
    expect(waiting.className).toContain('list__row--pending');
    expect(within(waiting).getByText('Waiting for review').className).toContain('badge--warning');
    expect(within(waiting).getByText('$1.50')).toBeTruthy();
    expect(requests.filter((request) => request.path === '/submissions?status=PENDING').length).toBeGreaterThanOrEqual(2);
  });

  it("keeps the dialog open with the server's message when the chore cannot be sent", async () => {
    const user = userEvent.setup();
    signIn(adult());
    stubHome({});
    const uploads = stubUpload();
    renderHome();

    await user.click(await screen.findByRole('button', { name: 'Do it: Wash dishes' }));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    uploads[0]?.respond(409, { error: 'Conflict', message: 'This chore is available again on March 5' });
    expect((await screen.findByRole('alert')).textContent).toBe('This chore is available again on March 5');
    expect(screen.getByRole('dialog', { name: 'Wash dishes' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    uploads[1]?.respond(502, '');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to submit chore'));
    expect(screen.queryByText(/^Sent:/)).toBeNull();
  });

  it('opens the Submit Chore form with the chore chosen for a photo, or for a chore that needs one', async () => {
    const user = userEvent.setup();
    signIn(adult());
    stubHome({});
    renderHome();

    const porchLink = await screen.findByRole('link', { name: 'Do it: Sweep the porch' });
    expect(porchLink.getAttribute('href')).toBe(`/submit?chore=${porch.id}`);
    expect(within(screen.getByRole('listitem', { name: 'Sweep the porch' })).getByText('$1.50 · Photo needed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Do it: Wash dishes' }));
    const more = within(screen.getByRole('dialog')).getByRole('link', { name: 'Add a photo or a note' });
    expect(more.getAttribute('href')).toBe(`/submit?chore=${dishes.id}`);
  });

  it('speaks plainly to a TEEN or ADULT child', async () => {
    const user = userEvent.setup();
    signIn(teen());
    const home: Home = {};
    stubHome(home);
    const uploads = stubUpload();
    renderHome();

    await user.click(await screen.findByRole('button', { name: 'Do it: Wash dishes' }));
    expect(screen.getByText('Done it? Send it for review. It earns $1.50.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    home.pending = [buildSubmission({ chore: dishes })];
    uploads[0]?.respond(201, buildSubmission({ chore: dishes }));
    expect(await screen.findByText('Sent: Wash dishes is waiting for review.')).toBeTruthy();
    expect(screen.queryByText(/Mum or Dad/)).toBeNull();
  });

  it("keeps the spec's words on a locked chore for a TEEN or ADULT child: Locked, with its date, time and days left", async () => {
    signIn(teen());
    stubHome({});
    renderHome();

    const card = within(await screen.findByRole('region', { name: 'Chores to do' }));
    expect(await card.findByRole('heading', { name: 'Locked for now' })).toBeTruthy();
    const row = within(within(card.getByRole('list', { name: 'Locked chores' })).getByRole('listitem', { name: 'Mow lawn' }));
    expect(row.getByText('Locked')).toBeTruthy();
    expect(row.getByText(`Available again on ${formatDateTime(lockedLawn.nextAvailableAt)} (in 2 days)`)).toBeTruthy();
    expect(card.queryByText(/Not yet|You can do it again/)).toBeNull();
  });

  it('says plainly when there is nothing to do now', async () => {
    signIn(adult());
    stubHome({ chores: [lawn], today: [lockedLawn] });
    renderHome();
    expect(await screen.findByText('Nothing to do right now.')).toBeTruthy();
    expect(screen.queryByText('All done for now! Come back later.')).toBeNull();
  });
});

describe("The child's home: turns, first come and due times", () => {
  const bins = buildChore({ id: 'c-bins', name: 'Take out bins', assignmentMode: 'ROTATE', assignedChildIds: ['child-2', 'child-1'] });
  const cat = buildChore({ id: 'c-cat', name: 'Feed the cat', assignmentMode: 'FIRST_COME' });
  const bed = buildChore({ id: 'c-bed', name: 'Make bed', dueDays: [1, 2, 3, 4, 5, 6, 7], dueTime: '09:00' });
  const teeth = buildChore({ id: 'c-teeth', name: 'Brush teeth', dueDays: [1, 2, 3, 4, 5, 6, 7], dueTime: '20:00' });
  const sam = { id: 'child-2', name: 'Sam' };
  const siblings: TodayChore[] = [
    todo(dishes),
    { chore: bins, status: 'NOT_YOUR_TURN', turn: sam, nextAvailableAt: '2030-03-04T00:00:00Z' },
    { chore: cat, status: 'TAKEN', takenBy: sam, nextAvailableAt: '2030-03-06T00:00:00Z' },
  ];

  it("shows a sibling's turn with their name and a chore a sibling took, and offers neither", async () => {
    signIn(teen());
    stubHome({ chores: [bins, cat, dishes], today: siblings });
    renderHome();

    const others = within(await screen.findByRole('list', { name: 'Chores that are not yours now' }));
    expect(screen.getByRole('heading', { name: 'Not yours now' })).toBeTruthy();
    const turn = within(others.getByRole('listitem', { name: 'Take out bins' }));
    expect(turn.getByText('Not your turn')).toBeTruthy();
    expect(turn.getByText(/^It's Sam's turn · Your turn: .*2030$/)).toBeTruthy();
    const taken = within(others.getByRole('listitem', { name: 'Feed the cat' }));
    expect(taken.getByText('Taken')).toBeTruthy();
    expect(taken.getByText(/^Sam has taken it · Free again on .*2030$/)).toBeTruthy();
    expect(others.queryAllByRole('button')).toEqual([]);
    expect(others.queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Do it: Take out bins' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Do it: Feed the cat' })).toBeNull();
    const doable = within(screen.getByRole('list', { name: 'Chores you can do now' }));
    expect(doable.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual(['Wash dishes']);
  });

  it("tells a KIDS child a sibling's turn and a taken chore in the days they count, and offers neither", async () => {
    signIn(childUser('MONEY'));
    stubHome({ chores: [bins, cat, dishes], today: siblings });
    renderHome();

    const others = within(await screen.findByRole('list', { name: 'Chores that are not yours now' }));
    // Sunday the 3rd: the 4th is tomorrow, the 6th a Wednesday.
    expect(within(others.getByRole('listitem', { name: 'Take out bins' })).getByText("It's Sam's turn · It's your turn tomorrow.")).toBeTruthy();
    expect(within(others.getByRole('listitem', { name: 'Feed the cat' })).getByText("Sam has taken it · It's free again on Wednesday.")).toBeTruthy();
    expect(others.queryByText(/2030/)).toBeNull();
    expect(others.queryAllByRole('button')).toEqual([]);
    const doable = within(screen.getByRole('list', { name: 'Chores you can do now' }));
    expect(doable.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['I did it! Wash dishes']);
  });

  it('tells a KIDS child in Spanish and German too when their turn comes', async () => {
    signIn(childUser('MONEY'));
    await setLanguage('es');
    stubHome({ chores: [bins, cat, dishes], today: siblings });
    const view = renderHome();
    const others = within(await screen.findByRole('list', { name: 'Tareas que no te tocan ahora' }));
    expect(within(others.getByRole('listitem', { name: 'Take out bins' })).getByText('Es el turno de Sam · Te toca mañana.')).toBeTruthy();
    view.unmount();

    await setLanguage('de');
    stubHome({ chores: [bins, cat, dishes], today: siblings });
    renderHome();
    const andere = within(await screen.findByRole('list', { name: 'Aufgaben, die gerade nicht deine sind' }));
    expect(within(andere.getByRole('listitem', { name: 'Feed the cat' })).getByText('Sam hat sie schon übernommen · Sie ist am Mittwoch wieder frei.')).toBeTruthy();
  });

  it('says until when a paused child is paused, on the home and on each paused chore', async () => {
    signIn(teen());
    stubHome({
      chores: [bins, dishes],
      pausedUntil: '2030-03-05',
      today: [
        { chore: bins, status: 'PAUSED', turn: sam },
        { chore: dishes, status: 'PAUSED' },
      ],
    });
    renderHome();

    const until = `Paused until ${formatCalendarDate('2030-03-05')}`;
    expect(await screen.findByText(until, { selector: '.alert' })).toBeTruthy();
    const others = within(await screen.findByRole('list', { name: 'Chores that are not yours now' }));
    for (const name of ['Take out bins', 'Wash dishes']) {
      const row = within(others.getByRole('listitem', { name }));
      expect(row.getByText('Paused')).toBeTruthy();
      expect(row.getByText(until)).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: /^Do it/ })).toBeNull();
  });

  it('tells a paused KIDS child the day they are back, in the days they count', async () => {
    signIn(childUser('MONEY'));
    stubHome({
      chores: [bins, dishes],
      pausedUntil: '2030-03-05',
      today: [
        { chore: bins, status: 'PAUSED', turn: sam },
        { chore: dishes, status: 'PAUSED' },
      ],
    });
    renderHome();

    // Paused to Tuesday the 5th: back on Wednesday.
    const back = 'On a break – back on Wednesday.';
    expect(await screen.findByText(back, { selector: '.alert' })).toBeTruthy();
    const others = within(await screen.findByRole('list', { name: 'Chores that are not yours now' }));
    for (const name of ['Take out bins', 'Wash dishes']) expect(within(others.getByRole('listitem', { name })).getByText(back)).toBeTruthy();
    expect(screen.queryByText(/Paused until|2030/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^I did it/ })).toBeNull();
  });

  it('shows due times, soonest first, and marks what is late or due soon', async () => {
    signIn(teen());
    stubHome({
      chores: [bed, teeth, dishes],
      today: [
        todo(dishes),
        { chore: teeth, status: 'DUE_SOON', dueAt: '2030-03-03T20:00:00Z' },
        { chore: bed, status: 'LATE', dueAt: '2030-03-03T09:00:00Z' },
      ],
    });
    renderHome();

    const doable = within(await screen.findByRole('list', { name: 'Chores you can do now' }));
    expect(doable.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual([
      'Make bed',
      'Brush teeth',
      'Wash dishes',
    ]);
    const late = within(doable.getByRole('listitem', { name: 'Make bed' }));
    expect(late.getByText('Late').className).toContain('badge--danger');
    expect(late.getByText('$1.50 · Due by 9:00 AM')).toBeTruthy();
    expect(late.getByRole('button', { name: 'Do it: Make bed' })).toBeTruthy();
    const soon = within(doable.getByRole('listitem', { name: 'Brush teeth' }));
    expect(soon.getByText('Due soon')).toBeTruthy();
    expect(soon.getByText('$1.50 · Due by 8:00 PM')).toBeTruthy();
    expect(within(doable.getByRole('listitem', { name: 'Wash dishes' })).getByText('$1.50')).toBeTruthy();
  });

  it("shows the server's refusal on the card when a chore is no longer the child's turn", async () => {
    const user = userEvent.setup();
    signIn(childUser('MONEY'));
    stubHome({ chores: [bins], today: [todo(bins)] });
    const uploads = stubUpload();
    renderHome();

    await user.click(await screen.findByRole('button', { name: 'I did it! Take out bins' }));
    uploads[0]?.respond(409, { error: 'Conflict', message: "It is Sam's turn for this chore" });
    const card = within(screen.getByRole('listitem', { name: 'Take out bins' }));
    expect((await card.findByRole('alert')).textContent).toBe("It is Sam's turn for this chore");
  });
});

describe("The child's home: Recent Activity", () => {
  it("shows what waits for review first, then the reviewed chores with the parent's note", async () => {
    signIn(childUser('MONEY'));
    stubHome({
      pending: [buildSubmission({ id: 'p-1', chore: lawn, baseReward: 5, submittedAt: '2024-05-08T09:00:00Z' })],
      history: [buildSubmission({ id: 's-1', status: 'APPROVED', approved: true, adminNotes: 'Sparkling!' })],
      stats: {
        ...emptyStats,
        pendingSubmissions: 1,
        recentHistory: [
          { id: 's-1', chore: { name: 'Wash dishes', category: { name: 'Kitchen' } }, approved: true, boostedReward: 1.8, reviewedAt: '2024-05-07T10:00:00Z' },
        ],
      },
    });
    renderHome();

    const list = await screen.findByRole('list', { name: 'Recent activity' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [waiting, approved] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(waiting.getAttribute('aria-label')).toBe('Mow lawn');
    expect(waiting.className).toContain('list__row--pending');
    expect(waiting.className).not.toMatch(/approved|rejected/);
    expect(within(waiting).getByText('Waiting for review')).toBeTruthy();
    expect(within(waiting).getByText('$5.00')).toBeTruthy();
    expect(within(waiting).queryByText('+$5.00')).toBeNull();

    expect(approved.className).toContain('list__row--approved');
    expect(within(approved).getByText('+$1.80')).toBeTruthy();
    expect(await within(approved).findByText('Note: Sparkling!')).toBeTruthy();
  });
});

describe("The child's home: celebration", () => {
  const approvedNow = { id: 'ok-1', chore: { name: 'Wash dishes', category: { name: 'Kitchen' } }, approved: true, boostedReward: 2, reviewedAt: hoursAgo(1) };
  const rejectedNow = { ...approvedNow, id: 'no-1', chore: { name: 'Mow lawn', category: { name: 'Garden' } }, approved: false };

  it('celebrates a chore approved since the last visit once, in the KIDS theme', async () => {
    const kid = childUser('MONEY');
    signIn(kid);
    stubHome({ stats: { ...emptyStats, recentHistory: [approvedNow, rejectedNow] } });
    const first = renderHome();

    const banner = await screen.findByText('Great job!');
    expect(banner.closest('[role="status"]')?.textContent).toBe('Great job!Mum or Dad said yes to Wash dishes. You earned $2.00!');
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(celebratedKey(kid.id)) ?? '[]')).toEqual(['ok-1']));
    first.unmount();

    // The next visit: nothing new to celebrate.
    renderHome();
    await activityRow('Wash dishes');
    expect(screen.queryByText('Great job!')).toBeNull();
  });

  it('can be put away', async () => {
    const user = userEvent.setup();
    signIn(childUser('MONEY'));
    stubHome({ stats: { ...emptyStats, recentHistory: [approvedNow] } });
    renderHome();
    await screen.findByText('Great job!');
    await user.click(screen.getByRole('button', { name: 'Thanks!' }));
    expect(screen.queryByText('Great job!')).toBeNull();
  });

  it('celebrates each child on a shared device on their own', async () => {
    window.localStorage.setItem(celebratedKey('someone-else'), JSON.stringify(['ok-1']));
    signIn(childUser('MONEY'));
    stubHome({ stats: { ...emptyStats, recentHistory: [approvedNow] } });
    renderHome();
    expect(await screen.findByText('Great job!')).toBeTruthy();
  });

  it('does not celebrate a rejection, nor in the TEEN theme', async () => {
    signIn(childUser('MONEY'));
    stubHome({ stats: { ...emptyStats, recentHistory: [rejectedNow] } });
    const kids = renderHome();
    await activityRow('Mow lawn');
    expect(screen.queryByText('Great job!')).toBeNull();
    kids.unmount();

    signIn(teen());
    stubHome({ stats: { ...emptyStats, recentHistory: [approvedNow] } });
    renderHome();
    await activityRow('Wash dishes');
    expect(screen.queryByText('Great job!')).toBeNull();
    expect(window.localStorage.getItem(celebratedKey('user-3'))).toBeNull();
  });
});
