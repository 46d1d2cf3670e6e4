import type { User } from '@/types/api';

/** The local storage keys are part of the product contract. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  theme: 'theme',
  /** The interface language chosen on this device (en, es or de); the browser's language until then. */
  language: 'language',
  /**
   * A child's own device, signed in through a sign-in code a parent showed:
   * its long-lived device token, which opens a new session when the last one
   * has ended (features/auth/utils/device-sign-in.ts).
   */
  deviceToken: 'chorely.deviceToken',
} as const;

/** The approvals already celebrated on a child's home, per user (siblings may share a tablet). */
export const celebratedKey = (userId: string) => `celebrated:${userId}`;

export type ColorTheme = 'light' | 'dark';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) {
      window.localStorage.removeItem(key);
    } else {
      window.localStorage.setItem(key, value);
    }
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working in memory.
  }
}

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.email === 'string' &&
    typeof candidate.role === 'string'
  );
}

export const storage = {
  getToken: (): string | null => read(STORAGE_KEYS.token) || null,
  setToken: (token: string | null) => write(STORAGE_KEYS.token, token),

  getUser: (): User | null => {
    const raw = read(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isUser(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  setUser: (user: User | null) => write(STORAGE_KEYS.user, user ? JSON.stringify(user) : null),

  getTheme: (): ColorTheme | null => {
    const raw = read(STORAGE_KEYS.theme);
    return raw === 'light' || raw === 'dark' ? raw : null;
  },
  setTheme: (theme: ColorTheme) => write(STORAGE_KEYS.theme, theme),

  /** The ids of the approvals celebrated for `userId`, newest first; none when unreadable. */
  getCelebrated: (userId: string): string[] => {
    const raw = read(celebratedKey(userId));
    if (!raw) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  },
  setCelebrated: (userId: string, ids: readonly string[]) => write(celebratedKey(userId), JSON.stringify(ids)),
  /** The language chosen on this device, as stored (i18n.ts checks that the app speaks it). */
  getLanguage: (): string | null => read(STORAGE_KEYS.language) || null,
  setLanguage: (language: string) => write(STORAGE_KEYS.language, language),

  getDeviceToken: (): string | null => read(STORAGE_KEYS.deviceToken) || null,
  setDeviceToken: (token: string | null) => write(STORAGE_KEYS.deviceToken, token),

  clearSession: () => {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.user, null);
  },
};
