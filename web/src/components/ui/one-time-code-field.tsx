import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField, type TextFieldProps } from './text-field';

export interface OneTimeCodeFieldProps extends Omit<TextFieldProps, 'label' | 'hint'> {
  /** Whether a recovery code is typed rather than the code the app shows. */
  recovery: boolean;
  /** Switches between the two; without it the field takes the app's code only. */
  onRecoveryChange?: (recovery: boolean) => void;
}

/**
 * The code of a two-factor step. For the app's code, phones show their
 * digit keyboard and offer a code they received; a button below switches to
 * a recovery code (letters and a dash), and back. Its texts are in the mfa
 * namespace.
 */
export function OneTimeCodeField({ recovery, onRecoveryChange, id, ...props }: OneTimeCodeFieldProps) {
  const { t } = useTranslation('mfa');
  const generatedId = useId();
  const inputId = id ?? generatedId;

  // The code is typed next: focus goes back to the field, under its new label.
  const toggle = () => {
    onRecoveryChange?.(!recovery);
    document.getElementById(inputId)?.focus();
  };

  return (
    <div className="one-time-code">
      <TextField
        id={inputId}
        label={recovery ? t('code.recoveryLabel') : t('code.label')}
        hint={recovery ? t('code.recoveryHint') : t('code.hint')}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize={recovery ? 'characters' : 'off'}
        autoCorrect="off"
        spellCheck={false}
        maxLength={64}
        {...props}
      />
      {onRecoveryChange && (
        <button type="button" className="one-time-code__switch" onClick={toggle}>
          {recovery ? t('code.useApp') : t('code.useRecovery')}
        </button>
      )}
    </div>
  );
}
