/**
 * Build-time configuration, checked once when the app starts so that a bad
 * value fails loudly instead of producing odd requests later.
 */
function readApiUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim() || '/api';
  if (!value.startsWith('/') && !/^https?:\/\//.test(value)) {
    throw new Error(`VITE_API_URL must be a path or an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export const env = {
  API_URL: readApiUrl(import.meta.env.VITE_API_URL),
} as const;

export const APP_NAME = 'Chorely';

/** The app's version, from package.json at build time. */
export const APP_VERSION: string = __APP_VERSION__;
