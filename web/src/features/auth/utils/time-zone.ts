import type { TimeZone } from '@/types/api';

/**
 * The browser's IANA time zone (e.g. "Europe/Berlin"), or UTC when unknown.
 * The browser's name is taken on trust here; the server refuses one it does not know.
 */
export function browserTimeZone(): TimeZone {
  try {
    return (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC') as TimeZone;
  } catch {
    return 'UTC';
  }
}
