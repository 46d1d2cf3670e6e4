import { describe, expect, it, vi } from 'vitest';

import { applyThemes, followSystemTheme, getInitialTheme, themeContextOf, uiThemeOf, useThemeStore } from './theme-store';
import { STORAGE_KEYS } from '@/lib/storage';
import { buildUser } from '@/testing/fixtures';
import type { User } from '@/types/api';

function preferDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: dark && query.includes('dark'), media: query })),
  );
}

describe('theme store', () => {
  it('defaults to the system preference', () => {
    preferDark(true);
    expect(getInitialTheme()).toBe('dark');
    preferDark(false);
    expect(getInitialTheme()).toBe('light');
  });

  it('prefers the stored theme over the system', () => {
    preferDark(true);
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    expect(getInitialTheme()).toBe('light');
  });

  it('ignores an unknown stored value', () => {
    preferDark(false);
    localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    expect(getInitialTheme()).toBe('light');
  });

  it('follows the system as it changes until the user picks a mode', () => {
    const listeners: Array<(event: { matches: boolean }) => void> = [];
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
        removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
          listeners.splice(listeners.indexOf(listener), 1),
      })),
    );
    useThemeStore.setState({ theme: 'light' });
    const stop = followSystemTheme();
    listeners.forEach((listener) => listener({ matches: true }));
    expect(useThemeStore.getState().theme).toBe('dark');
    // Nothing is stored: the system keeps deciding.
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    listeners.forEach((listener) => listener({ matches: false }));
    expect(useThemeStore.getState().theme).toBe('light');

    // A mode the user picked stays, whatever the system does.
    useThemeStore.getState().setTheme('light');
    listeners.forEach((listener) => listener({ matches: true }));
    expect(useThemeStore.getState().theme).toBe('light');

    stop();
    expect(listeners).toHaveLength(0);
  });

  it('toggles and persists the theme', () => {
    useThemeStore.getState().setTheme('light');
    useThemeStore.getState().toggleTheme();
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    useThemeStore.getState().toggleTheme();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });

  it('takes the ui theme from the profile, ADULT by default', () => {
    expect(uiThemeOf(null)).toBe('ADULT');
    // As an older version may have stored it.
    const stored = (profile: unknown) => ({ ...buildUser(), profile }) as User;
    expect(uiThemeOf(stored(null))).toBe('ADULT');
    expect(uiThemeOf(buildUser({ profile: { uiTheme: 'KIDS', rewardDisplayType: null } }))).toBe('KIDS');
    expect(uiThemeOf(stored({ uiTheme: 'WEIRD', rewardDisplayType: null }))).toBe('ADULT');
  });

  it('writes both themes onto <html>', () => {
    applyThemes('dark', 'TEEN');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.getAttribute('data-ui-theme')).toBe('TEEN');
  });

  it("gives the browser's bar the colour of the app's top bar", () => {
    const metas = ['light', 'dark'].map((mode) => {
      const meta = document.createElement('meta');
      meta.name = 'theme-color';
      meta.media = `(prefers-color-scheme: ${mode})`;
      meta.content = '#ffffff';
      document.head.append(meta);
      return meta;
    });
    // The stylesheet is not loaded in unit tests: the surface colour dark mode would give.
    document.documentElement.style.setProperty('--color-surface', '#171c23');
    try {
      applyThemes('dark', 'ADULT');
      expect(metas.map((meta) => meta.content)).toEqual(['#171c23', '#171c23']);
    } finally {
      metas.forEach((meta) => meta.remove());
      document.documentElement.style.removeProperty('--color-surface');
    }
  });
});

describe('themeContextOf', () => {
  it("gives KIDS the i18next context of its own words, and TEEN and ADULT none (the spec's words)", () => {
    expect(themeContextOf('KIDS')).toBe('kids');
    expect(themeContextOf('TEEN')).toBeUndefined();
    expect(themeContextOf('ADULT')).toBeUndefined();
  });
});
