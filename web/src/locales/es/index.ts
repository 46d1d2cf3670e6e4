import admin from './admin.json';
import approval from './approval.json';
import auth from './auth.json';
import categories from './categories.json';
import children from './children.json';
import chores from './chores.json';
import codes from './codes.json';
import common from './common.json';
import dashboard from './dashboard.json';
import errors from './errors.json';
import history from './history.json';
import mail from './mail.json';
import mfa from './mfa.json';
import payouts from './payouts.json';
import payslip from './payslip.json';
import profile from './profile.json';
import settings from './settings.json';
import store from './store.json';
import submissions from './submissions.json';
import tablet from './tablet.json';
import team from './team.json';
import validation from './validation.json';
import type { Translations } from '@/locales/en';

/** The Spanish texts, a chunk of their own, loaded when Spanish is first chosen (src/lib/i18n.ts). */
const es = { common, validation, errors, codes, auth, chores, approval, children, dashboard, submissions, mfa, tablet, categories, payouts, store, history, settings, team, profile, admin, payslip, mail } satisfies Translations;

export default es;
