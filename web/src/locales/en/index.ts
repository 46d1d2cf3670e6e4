import type admin from './admin.json';
import type approval from './approval.json';
import auth from './auth.json';
import type categories from './categories.json';
import type children from './children.json';
import type chores from './chores.json';
import codes from './codes.json';
import common from './common.json';
import type dashboard from './dashboard.json';
import errors from './errors.json';
import type history from './history.json';
import type mail from './mail.json';
import mfa from './mfa.json';
import type payouts from './payouts.json';
import type payslip from './payslip.json';
import type profile from './profile.json';
import type settings from './settings.json';
import type store from './store.json';
import type submissions from './submissions.json';
import type tablet from './tablet.json';
import type team from './team.json';
import validation from './validation.json';

/**
 * The English texts, one namespace per file. They are the source: every other
 * language has exactly these keys (locales.test.ts checks it).
 *
 * These namespaces come with the first load: what every screen shares and
 * what the login shows (errors and codes: the server's refusals, codes.json
 * generated from the catalogue, proto/errors/; mfa: its second step).
 */
const en = { common, validation, errors, codes, auth, mfa };

/**
 * The namespaces of the screens loaded on first use (src/app/router.tsx): each
 * is fetched with its screen, in English as in any other language (the
 * family's everyday screens, the family tablet, and the rarer ones).
 */
export const ON_DEMAND_NAMESPACES = [
  'dashboard',
  'chores',
  'submissions',
  'approval',
  'children',
  'tablet',
  'categories',
  'payouts',
  'store',
  'history',
  'settings',
  'team',
  'profile',
  'admin',
  'payslip',
  // The mails' texts (the auth service reads them; no screen loads them).
  'mail',
] as const;

interface OnDemandTranslations {
  dashboard: typeof dashboard;
  chores: typeof chores;
  submissions: typeof submissions;
  approval: typeof approval;
  children: typeof children;
  tablet: typeof tablet;
  categories: typeof categories;
  payouts: typeof payouts;
  store: typeof store;
  history: typeof history;
  settings: typeof settings;
  team: typeof team;
  profile: typeof profile;
  admin: typeof admin;
  payslip: typeof payslip;
  mail: typeof mail;
}

export type FirstLoadNamespace = keyof typeof en;
export type OnDemandNamespace = (typeof ON_DEMAND_NAMESPACES)[number];
export type Translations = typeof en & OnDemandTranslations;
export type Namespace = keyof Translations;

export const FIRST_LOAD_NAMESPACES = Object.keys(en) as FirstLoadNamespace[];
export const NAMESPACES: readonly Namespace[] = [...FIRST_LOAD_NAMESPACES, ...ON_DEMAND_NAMESPACES];

export default en;
