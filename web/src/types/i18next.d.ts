import 'i18next';

import type { Translations } from '@/locales/en';

// Translation keys are checked by the compiler against the English texts.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Translations;
  }
}
