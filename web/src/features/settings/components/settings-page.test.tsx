import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Organization } from '../types';
import { SettingsPage } from './settings-page';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { signIn, stubApi } from '@/testing/test-utils';

const family: Organization = {
  id: 'org-1',
  name: 'The Does',
  slug: 'the-does',
  timeZone: 'Europe/Berlin',
  createdAt: '2024-01-15T10:00:00Z',
};

describe('SettingsPage', () => {
  it('has the Reward Multipliers and General Settings tabs', async () => {
    const user = userEvent.setup();
    stubApi(({ path }) => (path === '/organizations/current' ? jsonResponse(200, family) : undefined));
    render(<SettingsPage />);

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Reward Multipliers', 'General Settings']);
    expect(screen.getByRole('tabpanel').textContent).toMatch(/multipliers/i);

    await user.click(screen.getByRole('tab', { name: 'General Settings' }));
    expect(screen.getByRole('tab', { name: 'General Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('Family Name')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    stubApi(({ path }) => (path === '/organizations/current' ? jsonResponse(200, family) : undefined));
    render(<SettingsPage />);
    await user.click(screen.getByRole('tab', { name: 'Reward Multipliers' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'General Settings' }));
    expect(screen.getByRole('tab', { name: 'General Settings' }).getAttribute('aria-selected')).toBe('true');
  });

  it('renames the family, selects the current time zone and reports Settings saved', async () => {
    const user = userEvent.setup();
    signIn(buildUser());
    const { requests } = stubApi(({ method, path, body }) => {
      if (path !== '/organizations/current') return undefined;
      if (method === 'PUT') return jsonResponse(200, { ...family, ...(body as object) });
      return jsonResponse(200, family);
    });
    render(<SettingsPage />);
    await user.click(screen.getByRole('tab', { name: 'General Settings' }));

    const panel = screen.getByRole('tabpanel');
    const name = await within(panel).findByLabelText<HTMLInputElement>('Family Name');
    expect(name.value).toBe('The Does');
    expect(within(panel).getByLabelText<HTMLSelectElement>('Time Zone').value).toBe('Europe/Berlin');

    await user.clear(name);
    await user.click(within(panel).getByRole('button', { name: 'Save Settings' }));
    expect(within(panel).getByText('Family name is required')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(name, 'The Does-Smiths');
    await user.selectOptions(within(panel).getByLabelText('Time Zone'), 'UTC');
    await user.click(within(panel).getByRole('button', { name: 'Save Settings' }));

    expect(await within(panel).findByText('Settings saved')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'The Does-Smiths',
      timeZone: 'UTC',
    });
    expect(useSessionStore.getState().user?.organization?.name).toBe('The Does-Smiths');
  });

  it('shows the fallback when saving fails without a text', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (path !== '/organizations/current') return undefined;
      return method === 'PUT' ? jsonResponse(500, null) : jsonResponse(200, family);
    });
    render(<SettingsPage />);
    await user.click(screen.getByRole('tab', { name: 'General Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save settings');
  });
});
