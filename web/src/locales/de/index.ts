import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import profile from './profile.json';
import validation from './validation.json';
import type { Translations } from '@/locales/en';

/** The German texts, a chunk of their own, loaded when German is first chosen (src/lib/i18n.ts). */
const de = { common, validation, errors, auth, profile } satisfies Translations;

export default de;
