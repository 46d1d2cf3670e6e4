import { create } from 'zustand';

import { storage, type ColorTheme } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import type { UiTheme, User } from '@/types/api';

const UI_THEMES: readonly UiTheme[] = ['KIDS', 'TEEN', 'ADULT'];

export const DEFAULT_UI_THEME: UiTheme = 'ADULT';

/** The stored choice wins; otherwise the system's dark-mode preference decides. */
export function getInitialTheme(): ColorTheme {
  const stored = storage.getTheme();
  if (stored) return stored;
  const prefersDark =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

/** The interface theme comes from the user's profile and defaults to ADULT. */
export function uiThemeOf(user: User | null): UiTheme {
  const value = user?.profile?.uiTheme;
  return value && UI_THEMES.includes(value) ? value : DEFAULT_UI_THEME;
}

/** The signed-in user's interface theme (ADULT when signed out). */
export function useUiTheme(): UiTheme {
  return useSessionStore((state) => uiThemeOf(state.user));
}

/**
 * The i18next context of a theme's own words: 'kids' picks a text's `_kids`
 * form ("payslip_kids": "My money"), where it has one; TEEN and ADULT keep
 * the plain text (the spec's words).
 */
export type ThemeContext = 'kids' | undefined;

export function themeContextOf(uiTheme: UiTheme): ThemeContext {
  return uiTheme === 'KIDS' ? 'kids' : undefined;
}

/** The signed-in user's theme context: `t('key', { context: useThemeContext() })`. */
export function useThemeContext(): ThemeContext {
  return themeContextOf(useUiTheme());
}

/**
 * Gives the browser's own bar (meta theme-color, as phones and installed apps
 * show it) the colour of the app's top bar in the mode shown. index.html's
 * tags follow the system's preference until the app has started.
 */
function syncThemeColor(root: HTMLElement): void {
  const surface = getComputedStyle(root).getPropertyValue('--color-surface').trim();
  if (!surface) return;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) meta.content = surface;
}

/** Writes both themes onto <html>, where the stylesheet picks them up. */
export function applyThemes(theme: ColorTheme, uiTheme: UiTheme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.uiTheme = uiTheme;
  root.style.colorScheme = theme;
  syncThemeColor(root);
}

interface ThemeState {
  theme: ColorTheme;
  setTheme: (theme: ColorTheme) => void;
  toggleTheme: () => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: getInitialTheme(),
  setTheme: (theme) => {
    storage.setTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

/**
 * Until the user picks a mode, the app follows the system's as it changes
 * (a phone turning dark at sunset), not only as it was when the app opened.
 * Returns what stops following.
 */
export function followSystemTheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = (event: MediaQueryListEvent) => {
    if (storage.getTheme()) return;
    useThemeStore.setState({ theme: event.matches ? 'dark' : 'light' });
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
