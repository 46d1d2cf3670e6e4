import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { knownMessage } from './server-messages';

/**
 * Every fixed text the services and the gateway send as an error (their
 * `#[error("…")]` types and field validations) has an entry in the table of
 * server texts, so no failure shows in English to a German or Spanish user.
 * (The refusals of the catalogue, proto/errors.toml, are translated by code:
 * locales.test.ts checks each has its texts.)
 * Texts that name a value are built with `format!` and matched by the
 * table's patterns; they are checked by example in server-messages.test.ts.
 */
const ROOT = join(process.cwd(), '..');

/** Texts no user sees: answers to calls the screens never make this way. */
const NOT_SHOWN = new Set([
  // A bad token inside a service; the gateway answers "Invalid or expired token".
  'invalid or expired token',
  // The week view's query parameter, which the screen always sends in range.
  'count must be from 1 to 31',
  // Auth refusing to start on an unusable SMTP_URL (an operator's log line).
  'SMTP_URL is not a URL',
  'SMTP_URL names no host',
  'SMTP_URL must start smtp:// or smtps://, with tls= none, required or opportunistic',
]);

function rustFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return rustFiles(path);
    return path.endsWith('.rs') ? [path] : [];
  });
}

function sentTexts(): string[] {
  const roots = [join(ROOT, 'gateway', 'src')];
  for (const service of readdirSync(join(ROOT, 'services'))) {
    const src = join(ROOT, 'services', service, 'src');
    if (service !== 'testkit' && statSync(join(ROOT, 'services', service)).isDirectory()) roots.push(src);
  }
  const texts = new Set<string>();
  const patterns = [
    /#\[error\(\s*"([^"{]+)"\s*\)\]/g,
    /(?:FieldError::new|Error::invalid|ApiError::field)\(\s*"[^"]*",\s*"([^"{]+)"/g,
  ];
  for (const file of roots.flatMap(rustFiles)) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) {
        if (match[1]) texts.add(match[1]);
      }
    }
  }
  return [...texts].sort();
}

describe('the table of server texts', () => {
  const texts = sentTexts();

  it('finds the services’ texts', () => {
    // Guards the scan itself: a move of the sources must not make this pass empty.
    expect(texts.length).toBeGreaterThan(100);
    expect(texts).toContain('First name is required');
  });

  it('has an entry for every fixed text a service or the gateway sends', () => {
    const missing = texts.filter((text) => !NOT_SHOWN.has(text) && knownMessage(text) === null);
    expect(missing).toEqual([]);
  });
});
