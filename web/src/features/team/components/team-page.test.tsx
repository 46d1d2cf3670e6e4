import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { InviteCode, Member } from '../types';
import { TeamPage } from './team-page';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';

const me: Member = {
  id: 'user-1',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  role: 'ORG_ADMIN',
  isActive: true,
  lastLoginAt: '2024-05-01T08:00:00Z',
  createdAt: '2024-01-15T10:00:00Z',
  childId: null,
};

const partner: Member = {
  ...me,
  id: 'user-2',
  email: 'john@example.com',
  firstName: 'John',
  lastLoginAt: null,
};

const kid: Member = { ...me, id: 'user-3', email: 'sam@example.com', firstName: 'Sam', role: 'ORG_MEMBER', childId: 'c1' };

const pending: InviteCode = {
  id: 'inv-1',
  code: 'abc123',
  email: null,
  role: 'ORG_ADMIN',
  expiresAt: '2030-01-08T10:00:00Z',
  usedAt: null,
};

describe('TeamPage', () => {
  it('lists active members with role labels, last login or Never, and Deactivate only for others', async () => {
    signIn(buildUser({ id: 'user-1' }));
    stubApi(({ path }) => {
      if (path === '/organizations/members') return jsonResponse(200, [me, partner, kid]);
      if (path === '/organizations/invite-codes') return jsonResponse(200, []);
      return undefined;
    });
    renderWithProviders(<TeamPage />);

    const table = await screen.findByRole('table', { name: 'Active members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('You')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(within(rows[1]!).getByText('Never')).toBeTruthy();
    expect(within(rows[1]!).getByText('Parent')).toBeTruthy();
    expect(within(rows[2]!).getByText('Child')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Deactivate John Doe' })).toBeTruthy();
    expect(screen.getByText('No pending invitations.')).toBeTruthy();
  });

  it('asks before deactivating and removes the member', async () => {
    const user = userEvent.setup();
    signIn(buildUser({ id: 'user-1' }));
    let members = [me, partner];
    const { requests } = stubApi(({ method, path }) => {
      if (path === '/organizations/members') return jsonResponse(200, members);
      if (path === '/organizations/invite-codes') return jsonResponse(200, []);
      if (method === 'PUT' && path === '/users/user-2/deactivate') {
        members = [me];
        return jsonResponse(200, { ...partner, isActive: false });
      }
      return undefined;
    });
    renderWithProviders(<TeamPage />);

    const deactivate = await screen.findByRole('button', { name: 'Deactivate John Doe' });
    await user.click(deactivate);
    const question = screen.getByRole('dialog', { name: 'Deactivate John Doe' });
    expect(within(question).getByText('Deactivate John Doe? They will no longer be able to log in.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(deactivate);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(deactivate);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate John Doe' })).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() => expect(screen.queryByText('john@example.com')).toBeNull());
    expect(requests.some((request) => request.method === 'PUT' && request.path === '/users/user-2/deactivate')).toBe(true);
  });

  it('shows the fallback when deactivation fails without a text', async () => {
    const user = userEvent.setup();
    signIn(buildUser({ id: 'user-1' }));
    stubApi(({ method, path }) => {
      if (path === '/organizations/members') return jsonResponse(200, [me, partner]);
      if (path === '/organizations/invite-codes') return jsonResponse(200, []);
      if (method === 'PUT') return jsonResponse(500, null);
      return undefined;
    });
    renderWithProviders(<TeamPage />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate John Doe' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate John Doe' })).getByRole('button', { name: 'Deactivate' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to deactivate user');
    expect(screen.getByText('john@example.com')).toBeTruthy();
  });

  it('lists pending invitations with Any email, role, expiry and a copyable link', async () => {
    const user = userEvent.setup();
    signIn(buildUser({ id: 'user-1' }));
    stubApi(({ path }) => {
      if (path === '/organizations/members') return jsonResponse(200, [me]);
      if (path === '/organizations/invite-codes') {
        return jsonResponse(200, [pending, { ...pending, id: 'inv-2', code: 'def456', email: 'gran@example.com' }]);
      }
      return undefined;
    });
    renderWithProviders(<TeamPage />);

    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    const [open, named] = within(list).getAllByRole('listitem');
    expect(within(open!).getByText('abc123')).toBeTruthy();
    expect(within(open!).getByText(/Any email · Parent · Expires/)).toBeTruthy();
    expect(within(named!).getByText(/gran@example\.com/)).toBeTruthy();

    await user.click(within(open!).getByRole('button', { name: /Copy link/ }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/invite/abc123`);
    expect(within(open!).getByText('Copied!')).toBeTruthy();
  });

  it('creates an invite code from Invite Parent and shows its link', async () => {
    const user = userEvent.setup();
    signIn(buildUser({ id: 'user-1' }));
    let invites: InviteCode[] = [];
    const { requests } = stubApi(({ method, path, body }) => {
      if (path === '/organizations/members') return jsonResponse(200, [me]);
      if (method === 'GET' && path === '/organizations/invite-codes') return jsonResponse(200, invites);
      if (method === 'POST' && path === '/organizations/invite-codes') {
        const input = body as { role: InviteCode['role']; email: string };
        const created = { ...pending, code: 'new999', role: input.role, email: input.email || null };
        invites = [created];
        return jsonResponse(201, created);
      }
      return undefined;
    });
    renderWithProviders(<TeamPage />);
    await screen.findByText('No pending invitations.');

    await user.click(screen.getByRole('button', { name: 'Invite Parent' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite Parent' });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Role').value).toBe('ORG_ADMIN');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Expires In').value).toBe('7');

    await user.type(within(dialog).getByLabelText('Email'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Create Invitation' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.selectOptions(within(dialog).getByLabelText('Expires In'), '14');
    await user.click(within(dialog).getByRole('button', { name: 'Create Invitation' }));

    const link = await within(dialog).findByLabelText<HTMLInputElement>('Invite Link');
    expect(link.value).toBe(`${window.location.origin}/invite/new999`);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      role: 'ORG_ADMIN',
      email: '',
      expiresInDays: 14,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getByText('new999')).toBeTruthy();
  });

  it('shows the server text when creating an invite code fails', async () => {
    const user = userEvent.setup();
    signIn(buildUser({ id: 'user-1' }));
    stubApi(({ method, path }) => {
      if (path === '/organizations/members') return jsonResponse(200, [me]);
      if (method === 'GET' && path === '/organizations/invite-codes') return jsonResponse(200, []);
      if (method === 'POST') return jsonResponse(403, { error: 'Forbidden', message: 'Only parents can invite' });
      return undefined;
    });
    renderWithProviders(<TeamPage />);
    await user.click(await screen.findByRole('button', { name: 'Invite Parent' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite Parent' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only parents can invite');
  });
});
