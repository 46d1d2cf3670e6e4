import { afterEach, describe, expect, it } from 'vitest';

import { DEVICE_NAME_MAX, describeDevice, deviceNameOf } from './device-name';
import { setLanguage } from '@/lib/i18n';

/** User agents as the browsers send them (2025-2026 versions). */
const AGENTS = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/133.0.6943.33 Mobile/15E148 Safari/604.1',
  iPadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  // iPadOS asks for desktop pages: its Safari says Macintosh.
  iPadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Safari/605.1.15',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36',
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36 Edg/133.0.3065.59',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Safari/605.1.15',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/133.0.0.0 Safari/537.36',
};

const nameOf = (userAgent: string, maxTouchPoints = 0) => deviceNameOf(describeDevice(userAgent, maxTouchPoints));

afterEach(async () => {
  await setLanguage('en');
});

describe('the name a device gives itself when it claims a sign-in code', () => {
  it('names phones and tablets by what they are', () => {
    expect(nameOf(AGENTS.iPhone)).toBe('iPhone');
    expect(nameOf(AGENTS.iPhoneChrome)).toBe('iPhone');
    expect(nameOf(AGENTS.iPadOld)).toBe('iPad');
    expect(nameOf(AGENTS.androidPhone)).toBe('Android phone');
    expect(nameOf(AGENTS.androidTablet)).toBe('Android tablet');
  });

  it('tells an iPad asking for desktop pages from a Mac by its touch screen', () => {
    expect(nameOf(AGENTS.iPadOs, 5)).toBe('iPad');
    expect(nameOf(AGENTS.safariMac, 0)).toBe('Safari on Mac');
  });

  it('names a computer by its browser and system', () => {
    expect(nameOf(AGENTS.chromeWindows)).toBe('Chrome on Windows');
    expect(nameOf(AGENTS.edgeWindows)).toBe('Edge on Windows');
    expect(nameOf(AGENTS.firefoxLinux)).toBe('Firefox on Linux');
    expect(nameOf(AGENTS.chromebook)).toBe('Chrome on ChromeOS');
    expect(nameOf(AGENTS.headlessChrome)).toBe('Chrome on Linux');
  });

  it('says what it knows of a browser it does not recognise, and is short whatever it is sent', () => {
    expect(nameOf('SomeBrowser/1.0 (Windows NT 10.0)')).toBe('Windows');
    expect(nameOf('')).toBe('Web browser');
    expect(describeDevice('')).toEqual({ kind: 'browser', browser: null, os: null });
    expect(deviceNameOf({ kind: 'browser', browser: 'B'.repeat(80), os: 'Windows' }).length).toBe(DEVICE_NAME_MAX);
  });

  it('is written in the interface language', async () => {
    await setLanguage('de');
    expect(nameOf(AGENTS.androidPhone)).toBe('Android-Handy');
    expect(nameOf(AGENTS.chromeWindows)).toBe('Chrome unter Windows');
    await setLanguage('es');
    expect(nameOf(AGENTS.androidTablet)).toBe('Tableta Android');
    expect(nameOf(AGENTS.firefoxLinux)).toBe('Firefox en Linux');
  });
});
