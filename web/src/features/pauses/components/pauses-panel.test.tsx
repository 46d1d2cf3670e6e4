import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ChildPausesDialog } from './child-pauses-dialog';
import { PausesPanel } from './pauses-panel';
import { validatePause } from '../utils/validation';
import { jsonResponse } from '@/testing/fixtures';
import { fieldErrorOf, renderWithProviders, stubApi } from '@/testing/test-utils';

const camp = { id: 'pause-1', childId: 'child-1', from: '2030-01-08', to: '2030-01-09', reason: 'Camp' };
const over = { id: 'pause-0', childId: 'child-1', from: '2030-01-01', to: '2030-01-02', reason: '' };

describe('Pauses', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 0, 7, 12, 0));
  });
  afterEach(() => vi.useRealTimers());

  it("lists a child's pauses, adds one and removes one not begun", async () => {
    const user = userEvent.setup();
    let pauses = [camp, over];
    const api = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/children/child-1/pauses') return jsonResponse(200, pauses);
      if (method === 'POST' && path === '/children/child-1/pauses') {
        const made = { id: 'pause-2', childId: 'child-1', reason: '', ...(body as object) };
        pauses = [made as typeof camp, ...pauses];
        return jsonResponse(201, made);
      }
      if (method === 'DELETE' && path === '/pauses/pause-1') {
        pauses = pauses.filter((p) => p.id !== 'pause-1');
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderWithProviders(<ChildPausesDialog child={{ id: 'child-1', name: 'Sam' }} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Pauses for Sam' }));
    const list = within(await dialog.findByRole('list', { name: 'Pauses' }));
    expect(list.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Camp'),
      expect.stringContaining('Over'),
    ]);
    // A pause that is over cannot be removed.
    expect(list.getAllByRole('button')).toHaveLength(1);

    await user.clear(dialog.getByLabelText('From'));
    await user.type(dialog.getByLabelText('From'), '2030-02-01');
    await user.clear(dialog.getByLabelText('To'));
    await user.type(dialog.getByLabelText('To'), '2030-02-03');
    await user.type(dialog.getByLabelText('Reason'), 'Ski trip');
    await user.click(dialog.getByRole('button', { name: 'Add pause' }));
    await waitFor(() => expect(dialog.getAllByRole('listitem')).toHaveLength(3));
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { from: '2030-02-01', to: '2030-02-03', reason: 'Ski trip' },
    ]);

    await user.click(dialog.getByRole('button', { name: /Remove the pause from January 8, 2030/ }));
    await waitFor(() => expect(dialog.getAllByRole('listitem')).toHaveLength(2));
    expect(api.requests.some((r) => r.method === 'DELETE' && r.path === '/pauses/pause-1')).toBe(true);
  });

  it("checks the dates before sending, and shows the server's refusal on its field", async () => {
    const user = userEvent.setup();
    const past = 'A pause cannot start in the past';
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/organizations/current/pauses') return jsonResponse(200, []);
      if (method === 'POST' && path === '/organizations/current/pauses')
        return jsonResponse(400, { error: past, message: past, details: [{ field: 'from', message: past }] });
      return undefined;
    });
    renderWithProviders(<PausesPanel />);
    expect(await screen.findByText('No pauses.')).toBeTruthy();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2030-01-06');
    await user.click(screen.getByRole('button', { name: 'Add pause' }));
    expect(fieldErrorOf(to)).toBe('End date cannot be before the start date');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(from);
    await user.type(from, '2030-01-05');
    await user.click(screen.getByRole('button', { name: 'Add pause' }));
    await waitFor(() => expect(fieldErrorOf(from)).toBe(past));
  });

  it('says a removal the server refuses', async () => {
    const user = userEvent.setup();
    const refused = 'This pause is over; its days stay paused';
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/organizations/current/pauses')
        return jsonResponse(200, [{ ...camp, childId: null, from: '2030-01-07', to: '2030-01-07' }]);
      if (method === 'DELETE') return jsonResponse(409, { error: refused, message: refused });
      return undefined;
    });
    renderWithProviders(<PausesPanel />);
    // Begun today: it is ended, not removed.
    await user.click(await screen.findByRole('button', { name: /Remove the pause from/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(refused);
    expect(screen.getByRole('button', { name: /Remove the pause from/ }).textContent).toBe('End now');
  });
});

describe('validatePause', () => {
  it('asks for both dates, in order, at most 366 days, and a short reason', () => {
    expect(validatePause({ from: '', to: '', reason: '' })).toEqual({
      from: 'Start date is required',
      to: 'End date is required',
    });
    expect(validatePause({ from: '2030-01-01', to: '2031-01-01', reason: '' })).toEqual({});
    expect(validatePause({ from: '2030-01-01', to: '2031-01-02', reason: '' })).toEqual({
      to: 'A pause can last at most 366 days',
    });
    expect(validatePause({ from: '2030-01-01', to: '2030-01-01', reason: 'x'.repeat(201) })).toEqual({
      reason: 'Reason must be at most 200 characters',
    });
  });
});
