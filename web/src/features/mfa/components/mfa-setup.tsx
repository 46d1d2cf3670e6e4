import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useConfirmMfaSetup } from '../api/confirm-mfa-setup';
import { groupKey } from '../utils/key';
import { RecoveryCodes } from './recovery-codes';
import { StartMfaSetupForm } from './start-mfa-setup-form';
import { Alert, CopyButton, FormActions, OneTimeCodeField } from '@/components/ui';
import { QrCode } from '@/components/ui/qr-code';
import { APP_NAME } from '@/config/env';
import { useForm } from '@/hooks/use-form';
import { oneTimeCodeOf, validateOneTimeCode } from '@/lib/one-time-code';
import { useSessionStore } from '@/stores/session-store';
import type { MfaSetup as Setup } from '@/types/api';

export interface MfaSetupProps {
  /** The label of the button that sends the password and starts the setup. */
  startLabel: string;
  /** Focus goes to the password field at once (a dialog's first field). */
  autoFocus?: boolean;
  /** Two-factor sign-in is on: the recovery codes show, and leaving loses them. */
  onConfirmed?: () => void;
  /** The user has saved the recovery codes. */
  onDone: () => void;
}

/**
 * Setting up two-factor sign-in: the current password first (the server
 * asks for it before it gives a secret), then the QR code of the secret and
 * a code of the app to turn it on, then the recovery codes, shown this once.
 * Turning it on keeps the new session the answer gives at once.
 */
export function MfaSetup({ startLabel, autoFocus = false, onConfirmed, onDone }: MfaSetupProps) {
  const email = useSessionStore((state) => state.user?.email ?? '');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} email={email} onSaved={onDone} />;
  if (!setup) return <StartMfaSetupForm username={email} submitLabel={startLabel} autoFocus={autoFocus} onStarted={setSetup} />;
  return (
    <ScanAndConfirm
      setup={setup}
      onConfirmed={(codes) => {
        setRecoveryCodes(codes);
        onConfirmed?.();
      }}
    />
  );
}

interface CodeValues {
  code: string;
}

interface ScanAndConfirmProps {
  /** The secret POST /users/me/mfa answered. */
  setup: Setup;
  /** Turned on: the recovery codes the answer holds. */
  onConfirmed: (recoveryCodes: string[]) => void;
}

/**
 * The QR code of the secret (and the secret to type, in groups of four),
 * then a code of the app to turn it on. Focus moves to its first heading, as
 * the password form before it is gone.
 */
function ScanAndConfirm({ setup, onConfirmed }: ScanAndConfirmProps) {
  const { t } = useTranslation(['mfa']);
  const { mutateAsync: confirm } = useConfirmMfaSetup();
  const { serverError, submitting, field, onSubmit } = useForm<CodeValues>({
    initial: { code: '' },
    validate: (values) => ({ code: validateOneTimeCode(values.code) }),
    fallback: t('fallback.confirm'),
    submit: async (values) => {
      const confirmed = await confirm({ code: oneTimeCodeOf(values.code) });
      onConfirmed(confirmed.recoveryCodes);
    },
  });

  const scanId = useId();
  const scanHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => scanHeading.current?.focus(), []);

  return (
    <div className="mfa-setup">
      <section className="mfa-setup__scan" aria-labelledby={scanId}>
        <h3 id={scanId} ref={scanHeading} className="section-title" tabIndex={-1}>
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
