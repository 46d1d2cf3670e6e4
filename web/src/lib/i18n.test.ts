import { afterEach, describe, expect, it, vi } from 'vitest';

import { currentLanguage, i18n, setLanguage } from './i18n';
import { STORAGE_KEYS } from './storage';

/** Detects the language again, as a fresh start of the app does. */
async function detectAgain(): Promise<string> {
  await i18n.changeLanguage(undefined);
  return currentLanguage();
}

function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the interface language', () => {
  it("follows the browser's first language that the app speaks", async () => {
    browserLanguages(['de-AT', 'en-US']);
    expect(await detectAgain()).toBe('de');
    browserLanguages(['fr-FR', 'es-MX', 'de-DE']);
    expect(await detectAgain()).toBe('es');
  });

  it('falls back to English for a browser speaking none of them', async () => {
    browserLanguages(['fr-FR', 'it-IT']);
    expect(await detectAgain()).toBe('en');
  });

  it('is the choice stored on this device when there is one, and the choice is kept', async () => {
    browserLanguages(['de-DE']);
    await setLanguage('es');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
    expect(await detectAgain()).toBe('es');
  });

  it('is not stored until chosen', async () => {
    browserLanguages(['de-DE']);
    await detectAgain();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
  });

  it('sets <html lang> and loads the texts of the language chosen', async () => {
    await setLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('common:actions.cancel')).toBe('Abbrechen');
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common:actions.cancel')).toBe('Cancel');
  });
});
