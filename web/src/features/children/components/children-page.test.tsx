import { MemoryRouter } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Child } from '../types';
import { ChildrenPage } from './children-page';
import { buildChild, openCardTab } from '@/testing/children';
import { jsonResponse } from '@/testing/fixtures';
import { decodeQrImage } from '@/testing/decode-qr';
import { fieldErrorOf, renderWithProviders, stubApi } from '@/testing/test-utils';

/** The Children screen (its cards link to each child's payslip, so inside a router). */
function renderChildren() {
  return renderWithProviders(
    <MemoryRouter>
      <ChildrenPage />
    </MemoryRouter>,
  );
}

describe('ChildrenPage', () => {
  it('shows a card per child with balance in the reward unit and whether they joined', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) =>
      method === 'GET' && path === '/children'
        ? jsonResponse(200, [
            buildChild(),
            buildChild({ id: 'child-2', name: 'Alex', userId: null, rewardDisplayType: 'SCREEN_TIME', balance: 3, ageGroup: 'TEEN' }),
          ])
        : undefined,
    );
    renderChildren();

    const sam = await screen.findByRole('region', { name: 'Sam' });
    expect(within(sam).getByText('$12.50')).toBeTruthy();
    expect(within(sam).getByText('Joined')).toBeTruthy();
    expect(within(sam).getByText('Child (5-10)')).toBeTruthy();
    expect(within(sam).queryByText('Invitation pending')).toBeNull();
    // Their details are under Profile.
    await openCardTab(user, sam, 'Profile');
    expect(within(sam).getByText('sam@example.com')).toBeTruthy();
    expect(within(sam).getByText('Money ($)')).toBeTruthy();

    const alex = screen.getByRole('region', { name: 'Alex' });
    expect(within(alex).getByText('3.00 hrs')).toBeTruthy();
    expect(within(alex).getByText('Invitation pending')).toBeTruthy();
    expect(within(alex).getByText('Teen (14-17)')).toBeTruthy();
  });

  it('says so when there are no children', async () => {
    stubApi(({ path }) => (path === '/children' ? jsonResponse(200, []) : undefined));
    renderChildren();
    expect(await screen.findByText(/No children yet/)).toBeTruthy();
  });

  it('shows nothing but logs when the children cannot be loaded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => jsonResponse(500, { error: 'Boom' }));
    renderChildren();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByText(/No children yet/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Child' })).toBeTruthy();
  });

  it('refuses a rating of 11 without calling the server, then saves 8/7/9', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [buildChild()]);
      if (method === 'PUT' && path === '/children/child-1/ratings') {
        return jsonResponse(200, buildChild(body as Partial<Child>));
      }
      return undefined;
    });
    renderChildren();
    const card = await screen.findByRole('region', { name: 'Sam' });
    await openCardTab(user, card, 'School');

    await user.clear(within(card).getByLabelText('Honesty'));
    await user.type(within(card).getByLabelText('Honesty'), '11');
    await user.click(within(card).getByRole('button', { name: 'Save Ratings' }));
    expect(within(card).getByRole('alert').textContent).toBe('Ratings must be whole numbers from 1 to 10');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(within(card).getByLabelText('Honesty'));
    await user.type(within(card).getByLabelText('Honesty'), '8');
    await user.clear(within(card).getByLabelText('Respect'));
    await user.type(within(card).getByLabelText('Respect'), '7');
    await user.clear(within(card).getByLabelText('Rules'));
    await user.type(within(card).getByLabelText('Rules'), '9');
    await user.click(within(card).getByRole('button', { name: 'Save Ratings' }));

    expect(await within(card).findByText('Ratings saved')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      honestyRating: 8,
      respectRating: 7,
      rulesRating: 9,
    });
  });

  it('asks before deleting a child and removes the card', async () => {
    const user = userEvent.setup();
    let children = [buildChild()];
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, children);
      if (method === 'DELETE' && path === '/children/child-1') {
        children = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderChildren();

    const remove = await screen.findByRole('button', { name: 'Delete Sam' });
    await user.click(remove);
    const question = screen.getByRole('dialog', { name: 'Delete Sam' });
    expect(within(question).getByText('Delete Sam? This removes their login, submissions and balance history.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(remove);
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Sam' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sam' })).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('shows the server text when deleting fails, else the fallback', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [buildChild()]);
      if (method === 'DELETE') return jsonResponse(500, null);
      return undefined;
    });
    renderChildren();
    await user.click(await screen.findByRole('button', { name: 'Delete Sam' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Sam' })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete child');
  });

  it('edits a child and shows what the server saved', async () => {
    const user = userEvent.setup();
    let child = buildChild();
    const { requests } = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [child]);
      if (method === 'PUT' && path === '/children/child-1') {
        const input = body as { name: string; rewardDisplayType: Child['rewardDisplayType'] };
        child = buildChild({ name: input.name, rewardDisplayType: input.rewardDisplayType });
        return jsonResponse(200, child);
      }
      return undefined;
    });
    renderChildren();

    await user.click(await screen.findByRole('button', { name: 'Edit Sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Sam' });
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Email is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await user.clear(within(dialog).getByLabelText('Display Name'));
    await user.type(within(dialog).getByLabelText('Display Name'), 'Sammy');
    await user.selectOptions(within(dialog).getByLabelText('Reward Type'), 'POINTS');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const card = await screen.findByRole('region', { name: 'Sammy' });
    expect(within(card).getByText('12.50 pts')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Sammy',
      email: 'sam@example.com',
      phone: '',
      dateOfBirth: '2015-03-05',
      birthdayRewardAmount: 10,
      ageGroup: 'CHILD',
      uiTheme: 'KIDS',
      rewardDisplayType: 'POINTS',
    });
  });
});

describe('Add Child', () => {
  const inviteUrl = 'http://127.0.0.1:8080/register?invite=4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';

  it('validates, invites, and ends with the link, a QR code of exactly that link and Done', async () => {
    const user = userEvent.setup();
    let children: Child[] = [];
    const { requests } = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, children);
      if (method === 'POST' && path === '/children/invite') {
        const input = body as { name: string; firstName: string; lastName: string };
        const name = input.name || `${input.firstName} ${input.lastName}`.trim();
        const child = buildChild({ id: 'child-7', name, firstName: input.firstName, userId: null });
        children = [child];
        return jsonResponse(201, { child, inviteUrl, inviteCode: '4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e' });
      }
      return undefined;
    });
    renderChildren();
    await screen.findByText(/No children yet/);

    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Child' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('First Name'));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Birthday Reward').value).toBe('10');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Age Group').value).toBe('CHILD');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Interface Theme').value).toBe('KIDS');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Reward Type').value).toBe('MONEY');

    // Without an email the child is added (not invited), so the button says so.
    await user.click(within(dialog).getByRole('button', { name: 'Add Child' }));
    expect(within(dialog).getByText('First name is required')).toBeTruthy();
    expect(fieldErrorOf(within(dialog).getByLabelText('Email'))).toBeNull();
    expect(within(dialog).getByText('Optional. Only for a teen who wants their own email login.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('First Name'), 'Robin');
    await user.type(within(dialog).getByLabelText('Email'), 'robin@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    const link = await within(dialog).findByLabelText<HTMLInputElement>('Invite Link');
    expect(link.value).toBe(inviteUrl);
    expect(link.readOnly).toBe(true);
    const qr = within(dialog).getByRole<HTMLImageElement>('img', { name: 'QR code of the invite link' });
    expect(decodeQrImage(qr)).toBe(link.value);

    await user.click(within(dialog).getByRole('button', { name: /Copy/ }));
    expect(await within(dialog).findByText('Copied!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(inviteUrl);

    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      firstName: 'Robin',
      name: '',
      email: 'robin@example.com',
      birthdayRewardAmount: 10,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const card = await screen.findByRole('region', { name: 'Robin' });
    expect(within(card).getByText('Invitation pending')).toBeTruthy();
  });

  it("shows the server's problem with a field beside that field", async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, []);
      if (method === 'POST') {
        return jsonResponse(400, {
          error: 'Validation failed',
          message: 'Validation failed',
          details: [{ field: 'email', message: 'This email is already registered' }],
        });
      }
      return undefined;
    });
    renderChildren();
    await user.click(await screen.findByRole('button', { name: 'Add Child' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Child' });
    await user.type(within(dialog).getByLabelText('First Name'), 'Robin');
    await user.type(within(dialog).getByLabelText('Email'), 'robin@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This email is already registered');
    expect(fieldErrorOf(within(dialog).getByLabelText('Email'))).toBe('This email is already registered');
    expect(fieldErrorOf(within(dialog).getByLabelText('First Name'))).toBeNull();
  });

  it('prefers the first validation detail the server sends when no field shows it', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, []);
      if (method === 'POST') {
        return jsonResponse(400, {
          error: 'Validation failed',
          message: 'Validation failed',
          details: [{ field: 'inviteUrl', message: 'The family has no address to invite from' }],
        });
      }
      return undefined;
    });
    renderChildren();
    await user.click(await screen.findByRole('button', { name: 'Add Child' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Child' });
    await user.type(within(dialog).getByLabelText('First Name'), 'Robin');
    await user.type(within(dialog).getByLabelText('Email'), 'robin@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The family has no address to invite from');
    expect(fieldErrorOf(within(dialog).getByLabelText('Email'))).toBeNull();
  });

  it('falls back to the product text when the server says nothing', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, []);
      if (method === 'POST') return new Response('', { status: 502 });
      return undefined;
    });
    renderChildren();
    await user.click(await screen.findByRole('button', { name: 'Add Child' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Child' });
    await user.type(within(dialog).getByLabelText('First Name'), 'Robin');
    await user.type(within(dialog).getByLabelText('Email'), 'robin@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to create invitation');
  });
});

describe('Adjust Balance', () => {
  /** Sam's balance becomes what a 2xx `answer` says. */
  function stubAdjust(answer: () => Response) {
    let child = buildChild();
    return stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [child]);
      if (method === 'POST' && path === '/children/child-1/adjust-balance') {
        const response = answer();
        if (response.ok) child = buildChild({ balance: 22.5 });
        return response;
      }
      return undefined;
    });
  }

  it('asks for a reason and a signed amount before sending, then shows the new balance', async () => {
    const user = userEvent.setup();
    const { requests } = stubAdjust(() =>
      jsonResponse(200, {
        id: 'entry-1',
        childId: 'child-1',
        amount: 10,
        kind: 'ADJUSTMENT',
        notes: 'Birthday money',
        createdAt: '2024-05-01T10:00:00Z',
        balance: 22.5,
      }),
    );
    renderChildren();
    const card = await screen.findByRole('region', { name: 'Sam' });

    await user.click(within(card).getByRole('button', { name: 'Adjust balance of Sam' }));
    const dialog = screen.getByRole('dialog', { name: "Adjust Sam's Balance" });
    expect(within(dialog).getByText('Current balance: $12.50')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toEqual(['Amount is required', 'Please provide a reason for the balance adjustment']);

    await user.type(within(dialog).getByLabelText('Amount'), 'ten');
    await user.type(within(dialog).getByLabelText('Notes'), 'Birthday money');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Amount must be a signed amount such as +10.00 or -5.50',
    );
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('$22.50')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      amount: '+10.00',
      notes: 'Birthday money',
    });
  });

  it('refuses a reason of blanks with the product alert', async () => {
    const user = userEvent.setup();
    const { requests } = stubAdjust(() => jsonResponse(500, null));
    renderChildren();
    await user.click(await screen.findByRole('button', { name: 'Adjust balance of Sam' }));
    const dialog = screen.getByRole('dialog', { name: "Adjust Sam's Balance" });
    await user.type(within(dialog).getByLabelText('Amount'), '-5.50');
    await user.type(within(dialog).getByLabelText('Notes'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please provide a reason for the balance adjustment');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal, else 'Failed to adjust balance'", async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(409, { error: 'Conflict', message: 'The adjustment would make the balance negative' });
    stubAdjust(() => answer);
    renderChildren();
    await user.click(await screen.findByRole('button', { name: 'Adjust balance of Sam' }));
    const dialog = screen.getByRole('dialog', { name: "Adjust Sam's Balance" });
    await user.type(within(dialog).getByLabelText('Amount'), '-50');
    await user.type(within(dialog).getByLabelText('Notes'), 'Broke a window');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The adjustment would make the balance negative',
    );

    answer = new Response('', { status: 502 });
    await user.click(within(dialog).getByRole('button', { name: 'Adjust Balance' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to adjust balance'));
    expect(within(screen.getByRole('region', { name: 'Sam' })).getByText('$12.50')).toBeTruthy();
  });
});

describe('Multiplier and GPA on the card', () => {
  it('shows the multiplier and its parts and the streak under Chores, the GPA under School, and says when bonuses are off', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) =>
      method === 'GET' && path === '/children'
        ? jsonResponse(200, [
            buildChild({
              gpa: 3.25,
              gpaLetter: 'B',
              multiplier: { total: 1.56, grade: 1.3, behaviour: 1.2, streak: 1, bonusesDisabled: false, streakDays: 9 },
            }),
            buildChild({
              id: 'child-2',
              name: 'Alex',
              multiplier: { total: 0.5, grade: 0.5, behaviour: 1, streak: 1, bonusesDisabled: true, streakDays: 0 },
            }),
          ])
        : undefined,
    );
    renderChildren();

    const sam = await screen.findByRole('region', { name: 'Sam' });
    await openCardTab(user, sam, 'Chores');
    expect(within(sam).getByText('Rewards × 1.56: grades × 1.3, behaviour × 1.2')).toBeTruthy();
    expect(within(sam).getByText('9-day streak')).toBeTruthy();
    expect(within(sam).queryByText('Bonuses off: a D or F grade')).toBeNull();
    await openCardTab(user, sam, 'School');
    expect(within(sam).getByText('GPA 3.25')).toBeTruthy();

    const alex = screen.getByRole('region', { name: 'Alex' });
    await openCardTab(user, alex, 'Chores');
    expect(within(alex).getByText('Rewards × 0.5: grades × 0.5')).toBeTruthy();
    expect(within(alex).getByText('Bonuses off: a D or F grade')).toBeTruthy();
    expect(within(alex).queryByText(/streak$/)).toBeNull();
    await openCardTab(user, alex, 'School');
    expect(within(alex).getByText('GPA N/A')).toBeTruthy();
  });
});

describe('Show Invite Link', () => {
  const inviteUrl = 'http://127.0.0.1:8080/register?invite=0a1b2c3d4e5f60718293a4b5c6d7e8f9';

  it('shows a pending child’s link and a QR code of exactly that link again', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') {
        return jsonResponse(200, [buildChild(), buildChild({ id: 'child-2', name: 'Alex', userId: null })]);
      }
      if (method === 'GET' && path === '/children/child-2/invite') {
        return jsonResponse(200, { inviteUrl, inviteCode: '0a1b2c3d4e5f60718293a4b5c6d7e8f9', expiresAt: '2030-05-01T12:00:00Z' });
      }
      return undefined;
    });
    renderChildren();

    const sam = await screen.findByRole('region', { name: 'Sam' });
    expect(within(sam).queryByRole('button', { name: /Show invite link/ })).toBeNull();
    const alex = screen.getByRole('region', { name: 'Alex' });
    await user.click(within(alex).getByRole('button', { name: 'Show invite link of Alex' }));

    const dialog = screen.getByRole('dialog', { name: 'Invite Link for Alex' });
    const link = await within(dialog).findByLabelText<HTMLInputElement>('Invite Link');
    expect(link.value).toBe(inviteUrl);
    const qr = within(dialog).getByRole<HTMLImageElement>('img', { name: 'QR code of the invite link' });
    expect(decodeQrImage(qr)).toBe(inviteUrl);
    expect(requests.filter((request) => request.path === '/children/child-2/invite')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why when the link cannot be shown', async () => {
    const user = userEvent.setup();
    const expired = "Alex's invitation has expired. Delete and add them again for a new link.";
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') return jsonResponse(200, [buildChild({ name: 'Alex', userId: null })]);
      if (path === '/children/child-1/invite') return jsonResponse(404, { error: expired, message: expired });
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderChildren();

    await user.click(await screen.findByRole('button', { name: 'Show invite link of Alex' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite Link for Alex' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(expired);
    expect(within(dialog).queryByRole('img')).toBeNull();
  });
});

describe('the compact card and its tabs', () => {
  const jars = { childId: 'child-1', balance: 12.5, spend: 7.5, save: 4, give: 1, split: { spend: 60, save: 30, give: 10 } };

  /** Sam (joined, with jars) and Alex (invited, not joined yet). */
  function stubFamily() {
    return stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/children') {
        return jsonResponse(200, [buildChild(), buildChild({ id: 'child-2', name: 'Alex', userId: null })]);
      }
      if (method === 'GET' && path === '/children/child-1/jars') return jsonResponse(200, jars);
      return undefined;
    });
  }

  /** What each tab of Sam's card holds: something found only there. */
  const CONTROLS = {
    Money: (card: HTMLElement) => [
      within(card).queryByRole('button', { name: 'Adjust balance of Sam' }),
      within(card).queryByRole('link', { name: "Sam's payslip" }),
      within(card).queryByRole('region', { name: "Sam's allowance and interest" }),
      within(card).queryByRole('region', { name: "Sam's savings goals" }),
    ],
    Chores: (card: HTMLElement) => [
      within(card).queryByText(/^Rewards × 1/),
      within(card).queryByRole('link', { name: "Today's chores" }),
      within(card).queryByRole('link', { name: 'Chore history' }),
    ],
    School: (card: HTMLElement) => [
      within(card).queryByRole('button', { name: 'Subjects & Grades of Sam' }),
      within(card).queryByText('GPA N/A'),
      within(card).queryByRole('form', { name: 'Behaviour ratings of Sam' }),
    ],
    Profile: (card: HTMLElement) => [
      within(card).queryByText('sam@example.com'),
      within(card).queryByRole('button', { name: 'Set password of Sam' }),
      within(card).queryByRole('button', { name: 'Set PIN of Sam' }),
      within(card).queryByRole('button', { name: 'Turn off two-factor sign-in of Sam' }),
      within(card).queryByText('Signed-in devices'),
    ],
  } as const;
  const TABS = Object.keys(CONTROLS) as Array<keyof typeof CONTROLS>;

  it('shows the balance, the jars and the sign-in code in its head, without opening a tab', async () => {
    stubFamily();
    renderChildren();
    const sam = await screen.findByRole('region', { name: 'Sam' });
    const panel = within(sam).getByRole('tabpanel');

    const balance = within(sam).getByText('$12.50');
    expect(panel.contains(balance)).toBe(false);
    const signInCode = within(sam).getByRole('button', { name: 'Show sign-in code for Sam' });
    expect(panel.contains(signInCode)).toBe(false);
    const headJars = await waitFor(() => {
      const list = within(sam).getAllByLabelText("Sam's jars").find((element) => element.tagName === 'DL');
      expect(list).toBeTruthy();
      return list!;
    });
    expect(panel.contains(headJars)).toBe(false);
    expect([...headJars.querySelectorAll('dd')].map((amount) => amount.textContent)).toEqual(['$7.50', '$4.00', '$1.00']);

    // The card opens on Money.
    expect(within(sam).getByRole('tab', { selected: true }).textContent).toBe('Money');
    expect(within(sam).getByRole('tabpanel', { name: 'Money for Sam' })).toBe(panel);

    // A child not joined yet: their invite link, not a sign-in code.
    const alex = screen.getByRole('region', { name: 'Alex' });
    expect(within(alex).getByRole('button', { name: 'Show invite link of Alex' })).toBeTruthy();
    expect(within(alex).queryByRole('button', { name: /Show sign-in code/ })).toBeNull();
  });

  it("shows each tab's controls and none of the other tabs'", async () => {
    const user = userEvent.setup();
    stubFamily();
    renderChildren();
    const sam = await screen.findByRole('region', { name: 'Sam' });

    for (const tab of TABS) {
      await openCardTab(user, sam, tab);
      expect(within(sam).getByRole('tab', { selected: true }).textContent).toBe(tab);
      for (const control of CONTROLS[tab](sam)) expect(control).not.toBeNull();
      for (const other of TABS.filter((candidate) => candidate !== tab)) {
        expect(CONTROLS[other](sam).filter(Boolean)).toEqual([]);
      }
    }
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    stubFamily();
    renderChildren();
    const sam = await screen.findByRole('region', { name: 'Sam' });
    const selected = () => within(sam).getByRole('tab', { selected: true });

    selected().focus();
    await user.keyboard('{ArrowRight}');
    expect(selected().textContent).toBe('Chores');
    expect(document.activeElement).toBe(selected());
    await user.keyboard('{End}');
    expect(selected().textContent).toBe('Profile');
    await user.keyboard('{ArrowRight}');
    expect(selected().textContent).toBe('Money');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selected().textContent).toBe('School');
    await user.keyboard('{Home}');
    expect(selected().textContent).toBe('Money');
  });

  it("gives each card's tabs their own ids and the child's name, and keeps each card's tab", async () => {
    const user = userEvent.setup();
    stubFamily();
    renderChildren();
    const sam = await screen.findByRole('region', { name: 'Sam' });
    const alex = screen.getByRole('region', { name: 'Alex' });

    expect(within(sam).getByRole('tablist', { name: "Sam's details" })).toBeTruthy();
    expect(within(alex).getByRole('tablist', { name: "Alex's details" })).toBeTruthy();
    expect(within(sam).getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'Money for Sam',
      'Chores for Sam',
      'School for Sam',
      'Profile of Sam',
    ]);
    expect(within(alex).getByRole('tab', { name: 'School for Alex' })).toBeTruthy();

    const ids = [...document.querySelectorAll('[role="tab"], [role="tabpanel"]')].map((element) => element.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(ids.length);
    for (const card of [sam, alex]) {
      const panel = within(card).getByRole('tabpanel');
      const tab = within(card).getByRole('tab', { selected: true });
      expect(tab.getAttribute('aria-controls')).toBe(panel.id);
      expect(panel.getAttribute('aria-labelledby')).toBe(tab.id);
    }

    // Choosing a tab on one card leaves the other as it was.
    await openCardTab(user, sam, 'School');
    expect(within(sam).getByRole('tab', { selected: true }).textContent).toBe('School');
    expect(within(alex).getByRole('tab', { selected: true }).textContent).toBe('Money');
  });
});
