// The app's own texts (src/locales), for browser tests that run in another
// language than English: E2E_LANGUAGE=es or de runs the walk in that language.
import { readFileSync, readdirSync } from 'node:fs';

const LOCALES = new URL('../../src/locales/', import.meta.url);

export const LANGUAGES = ['en', 'es', 'de'];

/** The language the walk speaks: E2E_LANGUAGE, English by default. */
export const E2E_LANGUAGE = process.env.E2E_LANGUAGE || 'en';
if (!LANGUAGES.includes(E2E_LANGUAGE)) {
  throw new Error(`E2E_LANGUAGE must be one of ${LANGUAGES.join(', ')}, got "${E2E_LANGUAGE}"`);
}

const cache = new Map();

/** Every text of a language, under "namespace:dotted.key". */
export function texts(language) {
  if (cache.has(language)) return cache.get(language);
  const result = new Map();
  const visit = (value, path) => {
    if (typeof value === 'string') result.set(path, value);
    else for (const [key, inner] of Object.entries(value)) visit(inner, path.endsWith(':') ? `${path}${key}` : `${path}.${key}`);
  };
  for (const file of readdirSync(new URL(`${language}/`, LOCALES)).filter((name) => name.endsWith('.json'))) {
    visit(JSON.parse(readFileSync(new URL(`${language}/${file}`, LOCALES), 'utf8')), `${file.replace(/\.json$/, '')}:`);
  }
  cache.set(language, result);
  return result;
}

/** The text of `key` ("chores:manage.title") in E2E_LANGUAGE, with its {{values}} filled in. */
export function say(key, values = {}, language = E2E_LANGUAGE) {
  const text = texts(language).get(key);
  if (text === undefined) throw new Error(`no text ${key} in ${language}`);
  return text.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name) => String(values[name] ?? ''));
}
