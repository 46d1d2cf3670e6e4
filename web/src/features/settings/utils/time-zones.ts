function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * The time zones to choose from: every zone the browser knows, plus UTC
 * (which browsers leave out of the list) and the family's current zone, sorted.
 */
export function timeZoneOptions(current: string | null | undefined): string[] {
  const zones = new Set(supportedTimeZones());
  zones.add('UTC');
  if (current?.trim()) zones.add(current.trim());
  return Array.from(zones).sort((a, b) => a.localeCompare(b));
}
