import { describe, expect, it } from 'vitest';

import { timeZoneOptions } from './time-zones';
import { validateGeneralSettings } from './validation';

describe('validateGeneralSettings', () => {
  it('requires the family name', () => {
    expect(validateGeneralSettings({ name: '  ', timeZone: 'UTC' }).name).toBe('Family name is required');
    expect(validateGeneralSettings({ name: 'The Does', timeZone: 'UTC' })).toEqual({
      name: undefined,
      timeZone: undefined,
    });
  });

  it('requires a time zone', () => {
    expect(validateGeneralSettings({ name: 'The Does', timeZone: '' }).timeZone).toBe('Time zone is required');
  });
});

describe('timeZoneOptions', () => {
  it('lists the zones the browser knows, sorted, with UTC', () => {
    const zones = timeZoneOptions('Europe/Berlin');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('America/New_York');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('keeps a current zone the browser does not list', () => {
    expect(timeZoneOptions('Etc/Unknown_Zone')).toContain('Etc/Unknown_Zone');
  });
});
