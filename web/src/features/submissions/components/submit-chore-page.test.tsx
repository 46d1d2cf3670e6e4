import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { toDateTimeLocal } from '../utils/submission-form';
import { SubmitChorePage } from './submit-chore-page';
import { buildChore, buildSubmission, garden } from '@/testing/chores';
import { stubUpload } from '@/testing/fake-upload';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, renderWithProviders, signIn, stubApi } from '@/testing/test-utils';
import type { ChoreAvailability } from '@/types/api';

const dishes = buildChore({ requiresPhoto: true });
const lawn = buildChore({ id: 'chore-2', name: 'Mow lawn', category: garden, categoryId: garden.id, baseReward: 5 });
const beds = buildChore({ id: 'chore-3', name: 'Make bed', category: { id: '', name: '' }, categoryId: '' });

const waitingLawn: ChoreAvailability = {
  choreId: lawn.id,
  isAvailable: false,
  nextAvailableAt: '2030-03-05T09:00:00Z',
  daysRemaining: 2,
};

function stubChoresApi(availability: ChoreAvailability[] = []) {
  return stubApi(({ path }) => {
    if (path === '/chores') return jsonResponse(200, [dishes, lawn, beds]);
    if (path === '/submissions/availability') return jsonResponse(200, availability);
    return undefined;
  });
}

function renderPage(path = '/submit') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <SubmitChorePage />
    </MemoryRouter>,
  );
}

const png = (name = 'proof.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('SubmitChorePage', () => {
  it('offers the chores under their category and starts at the current local time', async () => {
    stubChoresApi();
    const before = toDateTimeLocal(new Date());
    renderPage();

    const picker = await screen.findByLabelText<HTMLSelectElement>('Chore');
    expect(picker.value).toBe('');
    const groups = within(picker).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Garden', 'Kitchen', 'Uncategorized']);
    expect(within(groups[1]!).getByRole('option').textContent).toBe('Wash dishes ($1.50)');

    const completedAt = screen.getByLabelText<HTMLInputElement>('Completed At');
    expect(completedAt.type).toBe('datetime-local');
    expect(completedAt.value >= before && completedAt.value <= toDateTimeLocal(new Date())).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Photo').accept).toBe('image/*');
  });

  it("names each chore's reward in the child's own unit", async () => {
    stubChoresApi();
    const labels = async () =>
      within(await screen.findByLabelText('Chore'))
        .getAllByRole('option')
        .map((option) => option.textContent);

    signIn(childUser('POINTS'));
    let view = renderPage();
    expect(await labels()).toEqual(['Choose a chore', 'Mow lawn (5.00 pts)', 'Wash dishes (1.50 pts)', 'Make bed (1.50 pts)']);
    view.unmount();

    signIn(childUser('SCREEN_TIME'));
    view = renderPage();
    expect(await labels()).toContain('Wash dishes (1.50 hrs)');
    view.unmount();

    signIn(childUser('CUSTOM'));
    renderPage();
    expect(await labels()).toContain('Wash dishes (1.50)');
  });

  it('starts with the chore named in the address', async () => {
    stubChoresApi();
    renderPage('/submit?chore=chore-2');
    expect((await screen.findByLabelText<HTMLSelectElement>('Chore')).value).toBe('chore-2');
  });

  it('checks chore, completion time and photo before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    stubChoresApi();
    const uploads = stubUpload();
    renderPage();
    await screen.findByLabelText('Chore');

    await user.click(screen.getByRole('button', { name: 'Submit Chore' }));
    expect(screen.getByText('Please choose a chore')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Chore'), dishes.id);
    fireEvent.change(screen.getByLabelText('Completed At'), { target: { value: '2999-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Submit Chore' }));
    expect(screen.getByText('Completion time cannot be in the future')).toBeTruthy();
    expect(screen.getByText('A photo is required for this chore')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Completed At'), { target: { value: '' } });
    await user.upload(screen.getByLabelText('Photo'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Submit Chore' }));
    expect(screen.getByText('Completion time is required')).toBeTruthy();
    expect(screen.getByText('Please choose an image file')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  it('marks locked chores in the picker, in words with when they come back, so they cannot be picked', async () => {
    const user = userEvent.setup();
    stubChoresApi([waitingLawn, { choreId: dishes.id, isAvailable: true, nextAvailableAt: null, daysRemaining: 0 }]);
    renderPage();
    const picker = await screen.findByLabelText<HTMLSelectElement>('Chore');
    const locked = await within(picker).findByRole<HTMLOptionElement>('option', {
      name: /^Mow lawn \(\$5\.00\) – locked until .*2030.* \(in 2 days\)$/,
    });
    expect(locked.disabled).toBe(true);
    const open = within(picker).getByRole<HTMLOptionElement>('option', { name: 'Wash dishes ($1.50)' });
    expect(open.disabled).toBe(false);
    // A chore availability does not name counts as open.
    expect(within(picker).getByRole<HTMLOptionElement>('option', { name: 'Make bed ($1.50)' }).disabled).toBe(false);

    await user.selectOptions(picker, lawn.id);
    expect(picker.value).toBe('');
    await user.selectOptions(picker, dishes.id);
    expect(picker.value).toBe(dishes.id);
  });

  it('says when a locked chore opened from a link comes back, and keeps Submit disabled', async () => {
    const user = userEvent.setup();
    stubChoresApi([waitingLawn, { choreId: dishes.id, isAvailable: true, nextAvailableAt: null, daysRemaining: 0 }]);
    renderPage(`/submit?chore=${lawn.id}`);
    await screen.findByLabelText('Chore');
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Chore' });

    expect((await screen.findByText(/^Available again on .*2030.* \(in 2 days\)$/)).textContent).toBeTruthy();
    expect(submit.disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Chore'), dishes.id);
    expect(screen.queryByText(/Available again on/)).toBeNull();
    expect(submit.disabled).toBe(false);
  });

  it('uploads with a progress bar, then confirms, resets the form and refreshes availability', async () => {
    const user = userEvent.setup();
    const { requests } = stubChoresApi();
    const uploads = stubUpload();
    const photo = png();
    renderPage();
    await screen.findByLabelText('Chore');

    await user.selectOptions(screen.getByLabelText('Chore'), dishes.id);
    fireEvent.change(screen.getByLabelText('Completed At'), { target: { value: '2024-05-01T08:30' } });
    await user.upload(screen.getByLabelText('Photo'), photo);
    await user.type(screen.getByLabelText('Notes'), 'All clean ');
    await user.click(screen.getByRole('button', { name: 'Submit Chore' }));

    const [upload] = uploads;
    expect(upload?.url).toBe('/api/submissions');
    expect(upload?.form.get('choreId')).toBe(dishes.id);
    expect(upload?.form.get('completedAt')).toBe(new Date(2024, 4, 1, 8, 30).toISOString());
    expect(upload?.form.get('notes')).toBe('All clean');
    expect((upload?.form.get('photo') as File).name).toBe('proof.png');

    const progress = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(progress.getAttribute('value')).toBe('0');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Chore' }).disabled).toBe(true);
    upload?.progress(30, 100);
    await waitFor(() => expect(progress.getAttribute('value')).toBe('30'));
    expect(screen.getByText('30%')).toBeTruthy();

    upload?.respond(201, buildSubmission());
    expect(await screen.findByText('Chore submitted! A parent will review it soon.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Chore').value).toBe('');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Photo').value).toBe('');
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/submissions/availability')).toHaveLength(2),
    );
  });

  it("shows the server's message, else its error, else 'Failed to submit chore'", async () => {
    const user = userEvent.setup();
    stubChoresApi();
    const uploads = stubUpload();
    renderPage();
    await screen.findByLabelText('Chore');
    await user.selectOptions(screen.getByLabelText('Chore'), lawn.id);

    const answers: Array<[number, unknown, string]> = [
      [409, { error: 'Conflict', message: 'This chore is available again on March 5' }, 'This chore is available again on March 5'],
      [400, { error: 'Photo is not an image' }, 'Photo is not an image'],
      [502, '', 'Failed to submit chore'],
    ];
    for (const [index, [status, body, shown]] of answers.entries()) {
      await user.click(screen.getByRole('button', { name: 'Submit Chore' }));
      uploads[index]?.respond(status, body);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shown));
    }
    expect(screen.getByLabelText<HTMLSelectElement>('Chore').value).toBe(lawn.id);
  });

  it('previews the chosen photo and lets its address go on change and unmount', async () => {
    const user = userEvent.setup();
    stubChoresApi();
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValueOnce('blob:first').mockReturnValueOnce('blob:second');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { unmount } = renderPage();
    await screen.findByLabelText('Chore');

    await user.upload(screen.getByLabelText('Photo'), png('one.png'));
    const preview = await screen.findByRole<HTMLImageElement>('img', { name: 'Preview of the chosen photo' });
    expect(preview.getAttribute('src')).toBe('blob:first');

    await user.upload(screen.getByLabelText('Photo'), png('two.png'));
    await waitFor(() => expect(preview.getAttribute('src')).toBe('blob:second'));
    expect(revoke).toHaveBeenCalledWith('blob:first');

    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:second');
    expect(create).toHaveBeenCalledTimes(2);
  });
});

describe('SubmitChorePage for a KIDS child', () => {
  // The KIDS child goes back to the home once sent: the route tree's screens, loaded before the tests.
  beforeAll(preloadAllScreens);
  afterEach(() => vi.useRealTimers());

  const teen = () =>
    buildUser({ id: 'user-3', role: 'ORG_MEMBER', childId: 'child-1', profile: { uiTheme: 'TEEN', rewardDisplayType: 'MONEY' } });

  /** The child's API, with the family's day (Sunday 3 March 2030, UTC) for the days a KIDS child is told. */
  function stubChildApi() {
    return stubApi(({ path }) => {
      if (path === '/chores') return jsonResponse(200, [dishes, lawn, beds]);
      if (path === '/submissions/availability') return jsonResponse(200, [waitingLawn]);
      if (path === '/chores/today') {
        return jsonResponse(200, { date: '2030-03-03', timeZone: 'UTC', children: [{ childId: 'child-1', childName: 'Sam', chores: [], pausedUntil: null }] });
      }
      return undefined;
    });
  }

  it('asks no completion time and tells when a locked chore comes back in days, not dates', async () => {
    signIn(childUser('MONEY'));
    stubChildApi();
    renderPage(`/submit?chore=${lawn.id}`);

    const picker = await screen.findByLabelText<HTMLSelectElement>('Chore');
    expect(screen.queryByLabelText('Completed At')).toBeNull();
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
    expect(await within(picker).findByRole('option', { name: 'Mow lawn ($5.00) – ready again on Tuesday' })).toBeTruthy();
    expect(await screen.findByText('You can do it again on Tuesday.')).toBeTruthy();
    expect(screen.queryByText(/Available again on|locked until/)).toBeNull();
  });

  it("keeps the spec's form for a TEEN child: the completion time, and the date, time and days left", async () => {
    signIn(teen());
    const { requests } = stubChildApi();
    renderPage(`/submit?chore=${lawn.id}`);

    await screen.findByLabelText('Chore');
    expect(screen.getByLabelText<HTMLInputElement>('Completed At').type).toBe('datetime-local');
    expect(await screen.findByText(/^Available again on .*2030.* \(in 2 days\)$/)).toBeTruthy();
    expect(screen.getByRole('option', { name: /^Mow lawn \(\$5\.00\) – locked until .*2030.* \(in 2 days\)$/ })).toBeTruthy();
    // Only a KIDS child needs the family's day.
    expect(requests.some((request) => request.path === '/chores/today')).toBe(false);
  });

  it('sends a photo chore as done now, then goes back to the home, which celebrates it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 2, 3, 10, 15, 42));
    const user = userEvent.setup();
    signIn(childUser('MONEY'));
    stubChildApi();
    const uploads = stubUpload();
    const { router } = renderRoute(`/submit?chore=${dishes.id}`);

    await screen.findByRole('heading', { name: 'Submit Chore', level: 1 });
    await user.upload(await screen.findByLabelText('Photo'), png());
    await user.click(screen.getByRole('button', { name: 'Submit Chore' }));

    const [upload] = uploads;
    expect(upload?.form.get('choreId')).toBe(dishes.id);
    // Now, to the minute, as the form sends a time.
    expect(upload?.form.get('completedAt')).toBe(new Date(2030, 2, 3, 10, 15).toISOString());
    upload?.respond(201, buildSubmission());

    // Celebrated there, as "I did it!" on the home celebrates, in its live region, where focus lands.
    const done = (await screen.findByText('Wash dishes is waiting for Mum or Dad to check it.')).closest('[aria-live="polite"]');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'My Dashboard', level: 1 })).toBeTruthy();
    expect(done?.getAttribute('role')).toBe('status');
    expect(done?.textContent).toBe('You did it!Wash dishes is waiting for Mum or Dad to check it.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByText('Chore submitted! A parent will review it soon.')).toBeNull();
  });

  it("shows a refusal of the time it sent in the alert (the server's message, as the spec orders), as it has no field for it", async () => {
    const user = userEvent.setup();
    signIn(childUser('MONEY'));
    stubChildApi();
    const uploads = stubUpload();
    renderPage(`/submit?chore=${beds.id}`);
    await screen.findByLabelText('Chore');

    await user.click(screen.getByRole('button', { name: 'Submit Chore' }));
    uploads[0]?.respond(400, {
      error: 'Bad Request',
      message: 'The clock of this device is ahead: completion time cannot be in the future',
      details: [{ field: 'completedAt', message: 'Completion time cannot be in the future' }],
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The clock of this device is ahead: completion time cannot be in the future',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
