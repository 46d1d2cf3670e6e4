// Languages: a parent picks Español (then Deutsch) in Profile; the main
// parent screens (and a child's, once the child picks it too) then show no
// English left in <main>, dates and money are
// written the language's way, <html lang> follows, and the choice survives a
// reload. The English texts to look for come from the app's own translation
// files (src/locales), so a text added later in English only is found too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  addChild,
  adjustBalance,
  createCategory,
  createChore,
  createInviteCode,
  createPayout,
  launchBrowser,
  loginThroughUi,
  registerParent,
  reviewSubmission,
  submitChore,
  uniqueSuffix,
  waitForPath,
  withPage,
} from '../lib/harness.mjs';
import { say, texts } from '../lib/texts.mjs';

const PLURAL = /_(one|many|other)$/;

/**
 * The English to look for in a language: each English text's literal pieces
 * (between its {{values}} and <tags>) of two words or more, unless the
 * language's own text for that key has the same piece (a name both share).
 */
function englishPhrases(language) {
  const english = texts('en');
  const own = texts(language);
  const phrases = new Set();
  for (const [key, text] of english) {
    const translated = own.get(key) ?? own.get(key.replace(PLURAL, '_other')) ?? '';
    for (const piece of text.split(/\{\{[^}]*\}\}|<\/?\w+>/)) {
      const phrase = piece.trim().replace(/^[\s.,:;·×=()—-]+|[\s.,:;·×=()—-]+$/g, '');
      if (phrase.split(/\s+/).length >= 2 && !translated.includes(phrase)) phrases.add(phrase);
    }
  }
  return [...phrases];
}

/** Single English words that neither Spanish nor German uses (matched as whole words). */
const ENGLISH_WORDS = [
  'Chores', 'Children', 'Payouts', 'Reviews', 'Settings', 'Balance', 'Approve', 'Reject', 'Edit', 'Delete',
  'Retire', 'Save', 'Cancel', 'Loading', 'Joined', 'Never', 'History', 'Rewards', 'Category', 'Daily',
  'Weekly', 'Anytime', 'Parent', 'Child', 'Honesty', 'Respect', 'Rules', 'Invitation', 'Members', 'Paid',
];

const PARENT_SCREENS = [
  // [path, the heading in es and de, something that shows once the screen has its data]
  ['/', { es: 'Panel', de: 'Übersicht' }, (page, data) => page.getByRole('cell', { name: data.child })],
  ['/chores', { es: 'Tareas', de: 'Aufgaben' }, (page, data) => page.getByRole('listitem', { name: data.chore })],
  ['/approval', { es: 'Revisiones', de: 'Freigaben' }, (page, data) => page.getByRole('region', { name: new RegExp(data.chore) })],
  ['/children', { es: 'Hijos', de: 'Kinder' }, (page, data) => page.getByRole('region', { name: data.child })],
  ['/payouts', { es: 'Pagos', de: 'Auszahlungen' }, (page) => page.getByRole('table').getByText('cine')],
  ['/settings', { es: 'Ajustes de padres', de: 'Einstellungen für Eltern' }, (page) => page.getByRole('form')],
  ['/team', { es: 'Miembros de la familia', de: 'Familienmitglieder' }, (page) => page.getByRole('table')],
  ['/profile', { es: 'Perfil', de: 'Profil' }, (page) => page.getByRole('form')],
];

/** A child's main screens: home, Submit Chore, History and Payouts. */
const CHILD_SCREENS = [
  ['/', { es: 'Mi panel', de: 'Meine Übersicht' }, (page, data) => page.getByRole('listitem', { name: data.reviewed })],
  ['/submit', { es: 'Enviar tarea', de: 'Aufgabe melden' }, (page) => page.getByRole('form')],
  ['/history', { es: 'Historial', de: 'Verlauf' }, (page, data) => page.getByRole('listitem', { name: data.reviewed })],
  ['/payouts', { es: 'Pagos', de: 'Auszahlungen' }, (page) => page.getByText('cine')],
];

/** Opens each screen, waits for its heading and data, and asserts <main> holds none of the app's English. */
async function assertNoEnglish(page, screens, language, phrases, who) {
  for (const [path, headings, ready] of screens) {
    await page.goto(path);
    await waitForPath(page, path);
    await page.getByRole('heading', { level: 1, name: headings[language], exact: true }).waitFor();
    await ready(page, family).first().waitFor();
    await page.locator('main [role="status"] .spinner').first().waitFor({ state: 'detached' });
    assert.deepEqual(await englishIn(page, phrases, family.names), [], `English on ${who}'s ${path} in ${language}`);
  }
}

/** The English phrases and words found in <main>, once the names the test made are taken out. */
async function englishIn(page, phrases, names) {
  let text = await page.locator('main').innerText();
  for (const name of names) text = text.split(name).join(' ');
  const found = phrases.filter((phrase) => text.includes(phrase));
  found.push(...ENGLISH_WORDS.filter((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text)));
  return found;
}

let browser;
let family;

before(async () => {
  browser = await launchBrowser();
  const suffix = uniqueSuffix().slice(-6);
  const parent = await registerParent({ firstName: 'Ana', lastName: 'Lopez', organizationName: `Familia Lopez ${suffix}` });
  const category = await createCategory(parent.token, { name: 'Cocina' });
  const chore = await createChore(parent.token, { name: 'Platos', baseReward: 2.5, categoryId: category.id, frequencyDays: 7 });
  const child = await addChild(parent.token, 'Mia');
  await submitChore(child.token, chore.id);
  // A reviewed chore with a note, for the child's home and history.
  const swept = await createChore(parent.token, { name: 'Barrer', baseReward: 1, categoryId: category.id, frequencyDays: 1 });
  const done = await submitChore(child.token, swept.id);
  await reviewSubmission(parent.token, done.id, 'APPROVED', 'bien hecho');
  await adjustBalance(parent.token, child.record.id, '+2000.00', 'paga');
  const payout = await createPayout(parent.token, { childId: child.record.id, amount: 1234.5, notes: 'cine' });
  await createInviteCode(parent.token, { role: 'ORG_ADMIN', email: '', expiresInDays: 7 });
  family = {
    parent,
    payout,
    childAccount: child,
    chore: 'Platos',
    reviewed: 'Barrer',
    child: 'Mia',
    names: ['Ana Lopez', 'Ana', 'Lopez', parent.organizationName, parent.email, 'Cocina', 'Platos', 'Barrer', 'bien hecho', 'Mia', child.email, 'paga', 'cine'],
  };
});

after(async () => {
  await browser?.close();
});

/** Chooses `language` in the Profile screen (whose select is named in the language shown) and waits for it. */
async function chooseLanguage(page, language, currentLabel, heading) {
  await page.goto('/profile');
  await page.getByRole('combobox', { name: currentLabel }).selectOption(language);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

for (const [language, name, languageLabel] of [
  ['es', 'Español', 'Idioma de la app'],
  ['de', 'Deutsch', 'Sprache der App'],
]) {
  describe(`in ${name}`, () => {
    test(`the parent screens show no English once ${name} is chosen, and the choice stays`, async (t) => {
      const phrases = englishPhrases(language);
      assert.ok(phrases.length > 200, `only ${phrases.length} English phrases to look for`);

      await withPage(browser, t, async (page) => {
        await loginThroughUi(page, family.parent);
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
        await chooseLanguage(page, language, 'App language', language === 'es' ? 'Perfil' : 'Profil');
        assert.equal(await page.evaluate(() => document.documentElement.lang), language);
        assert.equal(await page.evaluate(() => window.localStorage.getItem('language')), language);

        await assertNoEnglish(page, PARENT_SCREENS, language, phrases, 'the parent');

        // Settings opens on General Settings (checked above); the Reward Multipliers tab and its explanation too.
        await page.goto('/settings');
        await page.getByRole('combobox', { name: language === 'es' ? 'Zona horaria' : 'Zeitzone' }).waitFor();
        await page.getByRole('tab', { name: language === 'es' ? 'Multiplicadores de recompensa' : 'Belohnungs-Multiplikatoren' }).click();
        await page.getByRole('spinbutton', { name: language === 'es' ? 'Nota A' : 'Note A', exact: true }).waitFor();
        assert.deepEqual(await englishIn(page, phrases, family.names), [], `English on the Reward Multipliers tab in ${name}`);

        // The child card opens on Money (checked above); its other tabs too.
        await page.goto('/children');
        for (const tab of ['chores', 'school', 'profile']) {
          const label = say(`children:card.tabs.${tab}Label`, { name: family.child }, language);
          await page.getByRole('tab', { name: label, exact: true }).click();
          await page.getByRole('tabpanel', { name: label, exact: true }).waitFor();
          assert.deepEqual(await englishIn(page, phrases, family.names), [], `English on the card's ${tab} tab in ${name}`);
        }

        // Money and dates the language's way: 1234,50 US$ / 1.234,50 $ and the payout's date.
        await page.goto('/payouts');
        const table = page.getByRole('table', { name: language === 'es' ? 'Historial de pagos' : 'Bisherige Auszahlungen' });
        const row = table.getByRole('row').filter({ hasText: 'cine' });
        const amount = language === 'es' ? /^1\.?234,50\s?US\$$/ : /^1\.234,50\s?\$$/;
        assert.match((await row.getByRole('cell').nth(2).innerText()).trim(), amount);
        const paid = (await row.getByRole('cell').nth(4).innerText()).trim();
        const expected = await page.evaluate(
          ([paidAt, locale]) =>
            new Date(paidAt).toLocaleString(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
          [family.payout.paidAt, language],
        );
        assert.equal(paid, expected);
        assert.doesNotMatch(paid, /AM|PM/);

        // The choice survives a reload.
        await page.reload();
        await page.getByRole('heading', { level: 1, name: language === 'es' ? 'Pagos' : 'Auszahlungen', exact: true }).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), language);

        // And back to English, at once.
        await chooseLanguage(page, 'en', languageLabel, 'Profile');
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      });
    });
  });
}

for (const [language, name] of [
  ['es', 'Español'],
  ['de', 'Deutsch'],
]) {
  test(`a child's home, Submit Chore, History and Payouts show no English once ${name} is chosen`, async (t) => {
    const phrases = englishPhrases(language);
    await withPage(browser, t, async (page) => {
      await loginThroughUi(page, family.childAccount);
      await chooseLanguage(page, language, 'Language', language === 'es' ? 'Perfil' : 'Profil');
      await assertNoEnglish(page, CHILD_SCREENS, language, phrases, 'the child');
    });
  });
}

describe('by default', () => {
  test("the app speaks the browser's language, and English to a browser speaking neither", async (t) => {
    await withPage(
      browser,
      t,
      async (page) => {
        await page.goto('/login');
        await page.getByRole('heading', { level: 1, name: 'Willkommen bei Chorely' }).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
      },
      { locale: 'de-AT' },
    );
    await withPage(
      browser,
      t,
      async (page) => {
        await page.goto('/login');
        await page.getByRole('heading', { level: 1, name: 'Welcome to Chorely' }).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      },
      { locale: 'fr-FR' },
    );
  });
});
