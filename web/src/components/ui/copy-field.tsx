import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyButton } from './copy-button';

export interface CopyFieldProps {
  label: string;
  value: string;
  /** The button's own words when "Copy" alone would not do ("Copy link"); they are its name then. */
  copyText?: string;
}

/** A read-only value (such as a link) with a Copy button beside it. */
export function CopyField({ label, value, copyText }: CopyFieldProps) {
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
        <CopyButton text={value} label={copyText ? undefined : t('named.copy', { label })}>
          {copyText}
        </CopyButton>
      </div>
    </div>
  );
}
