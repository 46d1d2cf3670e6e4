import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useConfirmMfaSetup } from '../api/confirm-mfa-setup';
import { groupKey } from '../utils/key';
import { RecoveryCodes } from './recovery-codes';
import { Alert, CopyButton, FormActions, OneTimeCodeField, QrCode } from '@/components/ui';
import { APP_NAME } from '@/config/env';
import { useForm } from '@/hooks/use-form';
import { oneTimeCodeOf, validateOneTimeCode } from '@/lib/one-time-code';
import { useSessionStore } from '@/stores/session-store';
import type { MfaSetup as Setup } from '@/types/api';

interface CodeValues {
  code: string;
}

export interface MfaSetupProps {
  /** The secret POST /users/me/mfa answered. */
  setup: Setup;
  /** Moves focus to the first step when it shows (a dialog moves it by itself). */
  focusOnStart?: boolean;
  /** Two-factor sign-in is on: the recovery codes show, and leaving loses them. */
  onConfirmed?: () => void;
  /** The user has saved the recovery codes. */
  onDone: () => void;
}

/**
 * Setting up two-factor sign-in once started: the QR code of the secret (and
 * the secret to type, in groups of four), a code of the app to turn it on,
 * then the recovery codes, shown this once. Turning it on keeps the new
 * session the answer gives at once.
 */
export function MfaSetup({ setup, focusOnStart = false, onConfirmed, onDone }: MfaSetupProps) {
  const { t } = useTranslation(['mfa']);
  const email = useSessionStore((state) => state.user?.email ?? '');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { mutateAsync: confirm } = useConfirmMfaSetup();
  const { serverError, submitting, field, onSubmit } = useForm<CodeValues>({
    initial: { code: '' },
    validate: (values) => ({ code: validateOneTimeCode(values.code) }),
    fallback: t('fallback.confirm'),
    submit: async (values) => {
      const confirmed = await confirm({ code: oneTimeCodeOf(values.code) });
      setRecoveryCodes(confirmed.recoveryCodes);
      onConfirmed?.();
    },
  });

  const scanId = useId();
  const scanHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnStart) scanHeading.current?.focus();
  }, [focusOnStart]);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} email={email} onSaved={onDone} />;

  return (
    <div className="mfa-setup">
      <section className="mfa-setup__scan" aria-labelledby={scanId}>
        {/* A dialog opening on this step starts reading here. */}
        <h3 id={scanId} ref={scanHeading} className="section-title" tabIndex={-1} data-autofocus>
          {t('setup.scanTitle')}
        </h3>
        <p>{t('setup.scanText')}</p>
        <QrCode value={setup.otpauthUrl} alt={t('setup.qrAlt', { app: APP_NAME })} />
        <p className="muted small">
          {t('setup.keyLabel')}
        </p>
        <div className="mfa-key">
          <code className="code mfa-key__value">
            {groupKey(setup.secret)}
          </code>
          <CopyButton text={setup.secret} label={t('setup.copyKey')} />
        </div>
      </section>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('setup.confirmFormLabel')}>
        <h3 className="section-title">{t('setup.confirmTitle')}</h3>
        {serverError && <Alert>{serverError}</Alert>}
        <OneTimeCodeField recovery={false} {...field('code')} />
        <FormActions submitLabel={t('setup.confirm')} submitting={submitting} />
      </form>
    </div>
  );
}
