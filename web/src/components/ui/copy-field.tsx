import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyButton } from './copy-button';

export interface CopyFieldProps {
  label: string;
  value: string;
}

/** A read-only value (such as a link) with a Copy button beside it. */
export function CopyField({ label, value }: CopyFieldProps) {
  const inputId = useId();
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="copy-field">
        <input
          id={inputId}
          className="field__input copy-field__input"
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={value} label={t('named.copy', { label })} />
      </div>
    </div>
  );
}
