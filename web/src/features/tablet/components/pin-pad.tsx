import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui';

export const PIN_LENGTH = 4;
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

export interface PinPadProps {
  /** The digits entered so far. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * Four dots and a keypad of big digit buttons, for small fingers; a
 * keyboard's digits and Backspace work too (the field takes them).
 */
export function PinPad({ value, onChange, disabled = false }: PinPadProps) {
  const { t } = useTranslation('tablet');
  const press = (digit: string) => {
    if (value.length < PIN_LENGTH) onChange(value + digit);
  };
  return (
    <div className="pin-pad">
      <label className="pin-pad__field">
        <span className="visually-hidden">{t('pin.field')}</span>
        <input
          className="pin-pad__input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_LENGTH}
          value={value}
          disabled={disabled}
          autoFocus
          onChange={(event) => onChange(event.target.value.replace(/[^0-9]/g, '').slice(0, PIN_LENGTH))}
        />
      </label>
      <div className="pin-pad__dots" aria-hidden="true">
        {Array.from({ length: PIN_LENGTH }, (_, index) => (
          <span key={index} className={index < value.length ? 'pin-pad__dot pin-pad__dot--filled' : 'pin-pad__dot'} />
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {t('pin.entered', { entered: value.length })}
      </p>
      <div className="pin-pad__keys" role="group" aria-label={t('pin.padLabel')}>
        {DIGITS.map((digit) => (
          <Button
            key={digit}
            variant="secondary"
            className={digit === '0' ? 'pin-pad__key pin-pad__key--zero' : 'pin-pad__key'}
            disabled={disabled}
            onClick={() => press(digit)}
          >
            {digit}
          </Button>
        ))}
        <Button
          variant="ghost"
          className="pin-pad__key"
          disabled={disabled || value.length === 0}
          onClick={() => onChange(value.slice(0, -1))}
          aria-label={t('pin.delete')}
          title={t('pin.delete')}
        >
          <span aria-hidden="true">⌫</span>
        </Button>
      </div>
    </div>
  );
}
