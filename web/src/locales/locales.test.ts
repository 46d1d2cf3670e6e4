import { describe, expect, it } from 'vitest';

import de from './de';
import { NAMESPACES } from './en';
import es from './es';

type Texts = { readonly [key: string]: string | Texts };

/** Every translation file, by language and namespace: ./es/common.json -> files.es.common. */
const files: Record<string, Record<string, Texts>> = {};
for (const [path, texts] of Object.entries(import.meta.glob<Texts>('./*/*.json', { eager: true, import: 'default' }))) {
  const [, language = '', namespace = ''] = /^\.\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  (files[language] ??= {})[namespace] = texts;
}
const en = files.en ?? {};

/** Every text of a namespace under its dotted key ("actions.cancel"). */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [inner, text] of flatten(value, path)) result.set(inner, text);
  }
  return result;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A key without its plural suffix: "inDays_one" -> "inDays". */
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** The names a text interpolates, each once: "{{base}} × {{factor}}" -> base, factor ("{{label, lowercase}}" -> label). */
function variables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? ''))].sort();
}

const TRANSLATIONS = { es, de } as const;

describe.each(Object.entries(TRANSLATIONS))('the %s texts', (language, translation) => {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it('have the namespaces of English, each in a file and in the language’s chunk', () => {
    expect(Object.keys(files[language] ?? {}).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(translation).sort()).toEqual([...NAMESPACES].sort());
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const source = flatten(en[namespace] ?? {});
    const target = flatten(files[language]?.[namespace] ?? {});
    const sourceBases = new Set([...source.keys()].map(baseKey));

    it('has exactly the keys of English: none missing, none extra', () => {
      const missing = [...sourceBases].filter((key) => ![...target.keys()].some((own) => baseKey(own) === key));
      const extra = [...target.keys()].filter((key) => !sourceBases.has(baseKey(key)));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`has each plural in the forms ${language} needs (${categories.join(', ')})`, () => {
      const plurals = [...source.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(baseKey);
      for (const key of new Set(plurals)) {
        const forms = [...target.keys()].filter((own) => baseKey(own) === key && PLURAL_SUFFIX.test(own));
        expect(forms.map((form) => form.slice(key.length + 1)).sort(), key).toEqual([...categories].sort());
      }
    });

    it('names every value the English text names, and no other', () => {
      for (const [key, text] of target) {
        const english = source.get(key) ?? source.get(`${baseKey(key)}_other`) ?? '';
        // A plural form may spell its number out ("un día"): count may be left out there.
        const plural = PLURAL_SUFFIX.test(key);
        const named = (value: string) => variables(value).filter((name) => !(plural && name === 'count'));
        expect(named(text), `${namespace}:${key}`).toEqual(named(english));
      }
    });

    it('keeps the markup the English text wraps words in (<link>…</link>)', () => {
      const tags = (text: string) => [...text.matchAll(/<\/?(\w+)>/g)].map((match) => match[0]).sort();
      for (const [key, text] of target) {
        const english = source.get(key) ?? source.get(`${baseKey(key)}_other`) ?? '';
        expect(tags(text), `${namespace}:${key}`).toEqual(tags(english));
      }
    });

    it('leaves no text empty', () => {
      for (const [key, text] of target) expect(text.trim(), `${namespace}:${key}`).not.toBe('');
    });
  });
});

/**
 * Buttons and links whose accessible name says more than their text ("Adjust
 * balance of Sam"): the name must hold the visible words (WCAG 2.5.3, label in
 * name), in every language.
 */
const LABEL_IN_NAME: ReadonlyArray<readonly [namespace: string, visible: string, name: string]> = [
  ['chores', 'my.doIt', 'my.doItLabel'],
  ['children', 'card.showInvite', 'card.showInviteLabel'],
  ['children', 'devices.show', 'devices.showLabel'],
  ['children', 'devices.signOut', 'devices.signOutLabel'],
  ['children', 'card.adjustBalance', 'card.adjustBalanceLabel'],
  ['children', 'card.subjects', 'card.subjectsLabel'],
  ['children', 'card.setPassword', 'card.setPasswordLabel'],
  ['team', 'invites.copyLink', 'invites.copyLinkLabel'],
  ['common', 'actions.edit', 'named.edit'],
  ['store', 'redeem', 'redeemLabel'],
  ['store', 'redeem_kids', 'redeemLabel_kids'],
  ['dashboard', 'doNow.doIt', 'doNow.doItLabel'],
  ['dashboard', 'doNow.doIt_kids', 'doNow.doItLabel_kids'],
];

describe.each(['en', 'es', 'de'])('the %s accessible names', (language) => {
  it.each(LABEL_IN_NAME)('of %s %s hold the visible words', (namespace, visible, name) => {
    const own = flatten(files[language]?.[namespace] ?? {});
    const words = (own.get(visible) ?? '').toLowerCase();
    expect(words).not.toBe('');
    expect((own.get(name) ?? '').toLowerCase()).toContain(words);
  });
});

/** HTML's void elements: Trans renders a tag of such a name empty, its words after it. */
const VOID_ELEMENTS = ['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'];

describe('the English texts', () => {
  it('wrap words only in tags Trans can fill (no void element names such as <link>)', () => {
    for (const namespace of NAMESPACES) {
      for (const [key, text] of flatten(en[namespace] ?? {})) {
        const names = [...text.matchAll(/<(\w+)>/g)].map((match) => match[1] ?? '');
        expect(names.filter((name) => VOID_ELEMENTS.includes(name)), `${namespace}:${key}`).toEqual([]);
      }
    }
  });

  it('give a KIDS form as the `_kids` context beside its plain key, never as a key of its own (ADR 0117)', () => {
    for (const namespace of NAMESPACES) {
      const keys = [...flatten(en[namespace] ?? {}).keys()];
      expect(keys.filter((key) => /Kids$/.test(key)), namespace).toEqual([]);
      for (const key of keys.filter((own) => own.endsWith('_kids'))) {
        expect(keys, `${namespace}:${key}`).toContain(key.slice(0, -'_kids'.length));
      }
    }
  });

  it('are each a namespace the app loads', () => {
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort());
  });

  it('write each plural as one and other', () => {
    for (const namespace of NAMESPACES) {
      const keys = [...flatten(en[namespace] ?? {}).keys()].filter((key) => PLURAL_SUFFIX.test(key));
      for (const key of new Set(keys.map(baseKey))) {
        expect(keys.filter((own) => baseKey(own) === key).sort(), `${namespace}:${key}`).toEqual([
          `${key}_one`,
          `${key}_other`,
        ]);
      }
    }
  });
});
