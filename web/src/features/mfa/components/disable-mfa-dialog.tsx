import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDisableMfa } from '../api/disable-mfa';
import { DialogForm, OneTimeCodeField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { oneTimeCodeOf, validateOneTimeCode } from '@/lib/one-time-code';

interface CodeValues {
  code: string;
}

export interface DisableMfaDialogProps {
  onClose: () => void;
  /** Two-factor sign-in is off (the user kept has it off too). */
  onDisabled: () => void;
}

/** Turning two-factor sign-in off, proven by a code of the app or a recovery code. */
export function DisableMfaDialog({ onClose, onDisabled }: DisableMfaDialogProps) {
  const { t } = useTranslation('mfa');
  const [recovery, setRecovery] = useState(false);
  const { mutateAsync: disable } = useDisableMfa();
  const { serverError, submitting, field, onSubmit } = useForm<CodeValues>({
    initial: { code: '' },
    validate: (values) => ({ code: validateOneTimeCode(values.code) }),
    fallback: t('fallback.disable'),
    submit: async (values) => {
      await disable({ code: oneTimeCodeOf(values.code) });
      onDisabled();
    },
  });

  return (
    <DialogForm
      title={t('disable.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
      submitLabel={t('disable.submit')}
    >
      <p className="muted">{t('disable.text')}</p>
      <OneTimeCodeField recovery={recovery} onRecoveryChange={setRecovery} {...field('code')} autoFocus />
    </DialogForm>
  );
}
