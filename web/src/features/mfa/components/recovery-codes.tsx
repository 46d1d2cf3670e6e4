import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { downloadText, RECOVERY_CODES_FILE } from '../utils/download';
import { Alert, Button, CopyButton } from '@/components/ui';
import { APP_NAME } from '@/config/env';

export interface RecoveryCodesProps {
  codes: readonly string[];
  /** Whose codes they are, named in the file. */
  email: string;
  /** The user says they have kept the codes: they are not shown again. */
  onSaved: () => void;
}

/**
 * The recovery codes, shown once right after two-factor sign-in is turned
 * on: to copy or download, then an explicit "I have saved these codes".
 * Focus moves to its heading, as the form before it is gone.
 */
export function RecoveryCodes({ codes, email, onSaved }: RecoveryCodesProps) {
  const { t } = useTranslation('mfa');
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const onDownload = () => {
    const lines = [t('codes.fileTitle', { app: APP_NAME, email }), '', ...codes, '', t('codes.fileNote'), ''];
    downloadText(RECOVERY_CODES_FILE, lines.join('\n'));
  };

  return (
    <section className="recovery-codes" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} className="section-title" tabIndex={-1}>
        {t('codes.title')}
      </h3>
      <Alert variant="success">{t('codes.on')}</Alert>
      <p>{t('codes.text')}</p>
      <ol className="recovery-codes__list" aria-label={t('codes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code className="code">{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__tools">
        <CopyButton text={codes.join('\n')}>{t('codes.copy')}</CopyButton>
        <Button variant="secondary" size="sm" onClick={onDownload}>
          {t('codes.download')}
        </Button>
      </div>
      <div className="form__actions">
        <Button onClick={onSaved}>{t('codes.saved')}</Button>
      </div>
    </section>
  );
}
