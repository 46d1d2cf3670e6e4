import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Card, SelectField } from '@/components/ui';
import { currentLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage, type Language } from '@/lib/i18n';

/** Each language named in itself, and marked as that language for screen readers. */
const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language], lang: language }));

/**
 * The interface language: applied at once (the screen re-renders in it) and
 * kept on this device. The server keeps no language for a user yet.
 */
export function LanguageChoice() {
  const { t } = useTranslation('profile');
  // The language chosen while its texts load; the select shows it meanwhile.
  const [pending, setPending] = useState<Language | null>(null);

  const choose = async (value: string) => {
    if (!isLanguage(value)) return;
    setPending(value);
    try {
      await setLanguage(value);
    } finally {
      setPending(null);
    }
  };

  return (
    <Card title={t('language.title')}>
      <SelectField
        label={t('language.label')}
        hint={t('language.hint')}
        options={OPTIONS}
        value={pending ?? currentLanguage()}
        onChange={(event) => void choose(event.target.value)}
      />
    </Card>
  );
}
