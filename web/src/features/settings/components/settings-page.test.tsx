import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { MultiplierSettings, Organization } from '../types';
import { DEFAULT_MULTIPLIERS } from '../utils/multipliers';
import { SettingsPage } from './settings-page';
import { setLanguage } from '@/lib/i18n';
import { useSessionStore } from '@/stores/session-store';
import { buildUser, jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi, type ApiRequest } from '@/testing/test-utils';

const family: Organization = {
  id: 'org-1',
  name: 'The Does',
  slug: 'the-does',
  timeZone: 'Europe/Berlin',
  createdAt: '2024-01-15T10:00:00Z',
};

const multipliers: MultiplierSettings = DEFAULT_MULTIPLIERS;

/** GET /organizations/current and GET /multipliers, as the page loads them. */
function loadSettings({ method, path }: ApiRequest): Response | undefined {
  if (method !== 'GET') return undefined;
  if (path === '/organizations/current') return jsonResponse(200, family);
  if (path === '/multipliers') return jsonResponse(200, multipliers);
  return undefined;
}

describe('SettingsPage', () => {
  it("opens on General Settings, the tabs in the spec's order", async () => {
    const user = userEvent.setup();
    stubApi(loadSettings);
    renderWithProviders(<SettingsPage />);

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Reward Multipliers', 'General Settings']);
    expect(screen.getByRole('tab', { name: 'General Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Reward Multipliers' }).getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByLabelText('Family Name')).toBeTruthy();
    expect(within(panel).queryByLabelText('Grade A')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Reward Multipliers' }));
    expect(screen.getByRole('tab', { name: 'Reward Multipliers' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(screen.getByRole('tabpanel')).findByLabelText('Grade A')).toBeTruthy();
    expect(screen.queryByLabelText('Family Name')).toBeNull();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    stubApi(loadSettings);
    renderWithProviders(<SettingsPage />);
    await user.click(screen.getByRole('tab', { name: 'General Settings' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Reward Multipliers' }));
    expect(screen.getByRole('tab', { name: 'Reward Multipliers' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'General Settings' }).getAttribute('aria-selected')).toBe('true');
  });

  it('renames the family, selects the current time zone and reports Settings saved', async () => {
    const user = userEvent.setup();
    signIn(buildUser());
    const { requests } = stubApi((request) =>
      request.method === 'PUT' && request.path === '/organizations/current'
        ? jsonResponse(200, { ...family, ...(request.body as object) })
        : loadSettings(request),
    );
    renderWithProviders(<SettingsPage />);

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
    stubApi((request) => (request.method === 'PUT' ? jsonResponse(500, null) : loadSettings(request)));
    renderWithProviders(<SettingsPage />);
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save settings');
  });
});

describe('Reward Multipliers', () => {
  const labels = [
    'Grade A',
    'Grade B',
    'Grade C',
    'Grade D',
    'Grade F',
    'Excellent behaviour (8-10)',
    'Poor behaviour (1-4)',
    '7-day streak',
    '30-day streak',
    '90-day streak',
  ];

  function stubMultipliers(save: (body: unknown) => Response = (body) => jsonResponse(200, body)) {
    return stubApi((request) =>
      request.method === 'PUT' && request.path === '/multipliers' ? save(request.body) : loadSettings(request),
    );
  }

  /** Renders the page and opens the Reward Multipliers tab (named `tab`): its panel. */
  async function openMultipliers(user: ReturnType<typeof userEvent.setup>, tab = 'Reward Multipliers') {
    renderWithProviders(<SettingsPage />);
    await user.click(screen.getByRole('tab', { name: tab }));
    return screen.getByRole('tabpanel');
  }

  it('explains in plain words what a multiplier does, and when bonuses are off', async () => {
    const user = userEvent.setup();
    stubMultipliers();
    const panel = await openMultipliers(user);

    expect(
      within(panel).getByText(
        "A child's reward for an approved chore is multiplied by their multiplier: at 1.5, a chore worth 2.00 pays 3.00. At 1.0 the reward stays as it is; below 1.0 it shrinks.",
      ),
    ).toBeTruthy();
    expect(within(panel).getByText(/Grades, behaviour and streaks each add one multiplier/)).toBeTruthy();
    expect(within(panel).getAllByRole('listitem').map((item) => item.textContent?.split(':')[0])).toEqual([
      'Grades',
      'Behaviour',
      'Streaks',
    ]);
    expect(within(panel).getByText(/8-10 is excellent, 1-4 poor/)).toBeTruthy();
    expect(within(panel).getByText(/7, 30 or 90 days/)).toBeTruthy();
    expect(
      within(panel).getByText(/While a child has a D or F in any subject, all bonuses are off/).textContent,
    ).toMatch(/every multiplier above 1.0 counts as 1.0/);
  });

  it('writes the example the German way', async () => {
    const user = userEvent.setup();
    await setLanguage('de');
    stubMultipliers();
    const panel = await openMultipliers(user, 'Belohnungs-Multiplikatoren');
    expect(within(panel).getByText(/Bei 1,5 bringt eine Aufgabe im Wert von 2,00 3,00/)).toBeTruthy();
    expect(within(panel).getByText(/eine D- oder F-Note hat, sind alle Boni aus/)).toBeTruthy();
  });

  it('shows the ten values in steps of 0.01, the defaults of the spec', async () => {
    const user = userEvent.setup();
    stubMultipliers();
    const panel = await openMultipliers(user);

    await within(panel).findByLabelText('Grade A');
    expect(labels.map((label) => within(panel).getByLabelText<HTMLInputElement>(label).value)).toEqual([
      '1.5',
      '1.3',
      '1',
      '0.8',
      '0.5',
      '1.2',
      '0.8',
      '1.1',
      '1.25',
      '1.5',
    ]);
    const gradeA = within(panel).getByLabelText<HTMLInputElement>('Grade A');
    expect([gradeA.type, gradeA.step, gradeA.min, gradeA.max]).toEqual(['number', '0.01', '0.1', '5']);
  });

  it('refuses values outside 0.1-5.0, then saves numbers and says so', async () => {
    const user = userEvent.setup();
    const { requests } = stubMultipliers();
    const panel = await openMultipliers(user);
    const gradeA = await within(panel).findByLabelText('Grade A');
    const poor = within(panel).getByLabelText('Poor behaviour (1-4)');

    await user.clear(gradeA);
    await user.type(gradeA, '5.5');
    await user.clear(poor);
    await user.type(poor, '0.05');
    await user.click(within(panel).getByRole('button', { name: 'Save Multipliers' }));
    expect(within(panel).getAllByText('Multipliers must be from 0.1 to 5.0 with at most two decimals')).toHaveLength(2);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(gradeA);
    await user.type(gradeA, '2');
    await user.clear(poor);
    await user.type(poor, '0.75');
    await user.click(within(panel).getByRole('button', { name: 'Save Multipliers' }));

    expect(await within(panel).findByText('Multipliers saved')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      ...multipliers,
      gradeA: 2,
      behaviourPoor: 0.75,
    });
  });

  it("shows the server's refusal, else 'Failed to save settings'", async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(400, { error: 'Bad Request', message: 'Grade A must be from 0.1 to 5.0' });
    stubMultipliers(() => answer);
    const panel = await openMultipliers(user);
    const save = await within(panel).findByRole('button', { name: 'Save Multipliers' });

    await user.click(save);
    expect((await within(panel).findByRole('alert')).textContent).toBe('Grade A must be from 0.1 to 5.0');

    answer = new Response('', { status: 500 });
    await user.click(save);
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe('Failed to save settings'));
  });
});
