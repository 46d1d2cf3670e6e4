import i18n, { type LanguageDetectorModule, type Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

import { storage } from './storage';
import en, { FIRST_LOAD_NAMESPACES, type Namespace, type OnDemandNamespace } from '@/locales/en';

/** The languages the interface speaks; English is the one the server speaks and the fallback. */
export const LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language menu names them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * English comes with the first load (the texts every screen shares and the
 * login's; each other screen's with that screen); every other language is a
 * chunk of its own (all of its namespaces), fetched when it is first chosen or
 * detected.
 */
const LANGUAGE_LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Resource[string] }>> = {
  es: () => import('@/locales/es'),
  de: () => import('@/locales/de'),
};

type TextsLoader = () => Promise<{ default: Resource[string][string] }>;

/** The English texts of the screens loaded on first use, each fetched with its screen. */
const ENGLISH_ON_DEMAND: Readonly<Record<string, TextsLoader>> = {
  dashboard: () => import('@/locales/en/dashboard.json'),
  chores: () => import('@/locales/en/chores.json'),
  submissions: () => import('@/locales/en/submissions.json'),
  approval: () => import('@/locales/en/approval.json'),
  children: () => import('@/locales/en/children.json'),
  tablet: () => import('@/locales/en/tablet.json'),
  categories: () => import('@/locales/en/categories.json'),
  payouts: () => import('@/locales/en/payouts.json'),
  store: () => import('@/locales/en/store.json'),
  history: () => import('@/locales/en/history.json'),
  settings: () => import('@/locales/en/settings.json'),
  team: () => import('@/locales/en/team.json'),
  profile: () => import('@/locales/en/profile.json'),
  admin: () => import('@/locales/en/admin.json'),
  payslip: () => import('@/locales/en/payslip.json'),
  mail: () => import('@/locales/en/mail.json'),
} satisfies Record<OnDemandNamespace, TextsLoader>;

/** The language shown now (English until another has loaded). */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** <html lang> follows the language, for screen readers, hyphenation and spell checking. */
function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined' && isLanguage(language)) document.documentElement.lang = language;
}

i18n.on('languageChanged', applyDocumentLanguage);

/**
 * The languages to show, best first (i18next takes the first it speaks, by
 * its language alone: de-AT is German): the one chosen on this device, then
 * the browser's, in its order.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    const chosen = storage.getLanguage();
    const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
    return [chosen, ...browser].filter((language): language is string => Boolean(language));
  },
};

/**
 * The one i18next instance. The language is the one chosen on this device
 * (local storage), else the browser's first language we speak, else English.
 * Only an explicit choice is stored (setLanguage), so a browser whose
 * language changes later is followed until the user picks one.
 */
const ready = i18n
  .use(languageDetector)
  .use(resourcesToBackend((language: string, namespace: string) => loadNamespace(language, namespace)))
  .use(initReactI18next)
  .init({
    resources: { en },
    // English is given above; the others come from the backend.
    partialBundledLanguages: true,
    supportedLngs: LANGUAGES,
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    // The rest load with their screens (loadNamespaces), and then in every language chosen after.
    ns: FIRST_LOAD_NAMESPACES,
    defaultNS: 'common',
    // React escapes what it renders; escaping here too would show &amp; and the like.
    interpolation: { escapeValue: false },
    // Set up at once (English is here already), so that anything may translate from the start.
    initAsync: false,
    react: { useSuspense: false },
  })
  .then(() => applyDocumentLanguage(currentLanguage()));

// "Copy {{label, lowercase}}": a label as it reads inside a sentence.
i18n.services.formatter?.add('lowercase', (value: unknown) => String(value).toLowerCase());

async function loadNamespace(language: string, namespace: string): Promise<Resource[string][string]> {
  if (!isLanguage(language)) return {};
  if (language === 'en') {
    const load = ENGLISH_ON_DEMAND[namespace];
    return load ? (await load()).default : {};
  }
  const { default: resources } = await LANGUAGE_LOADERS[language]();
  return resources[namespace] ?? {};
}

/** Loads the texts of a screen loaded on first use, in the language shown (and English, the fallback). */
export async function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  await i18n.loadNamespaces(namespaces);
}

/** Resolves once the first language's texts are there: render after it to avoid a flash of English. */
export function i18nReady(): Promise<void> {
  return ready;
}

/** Switches the interface to `language` at once (after its texts have loaded) and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  storage.setLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
