import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { resendVerification } from '../api/resend-verification';
import { Alert, Button } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

/**
 * Shown to a parent until their email is verified, with a button that mails
 * a new link. Children's logins are their parents' to look after: no banner.
 */
export function EmailVerificationBanner() {
  const { t } = useTranslation(['auth', 'errors']);
  const user = useSessionStore((state) => state.user);
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  if (!user || user.emailVerified || user.role !== 'ORG_ADMIN') return null;

  const resend = () => {
    setState({ kind: 'sending' });
    resendVerification()
      .then(() => setState({ kind: 'sent' }))
      .catch((error: unknown) => {
        setState({ kind: 'failed', message: getErrorMessage(error, t('errors:fallback.resendVerification')) });
      });
  };

  return (
    <Alert variant="info" title={t('banner.title')} className="verify-banner">
      <p>{t('banner.body', { email: user.email })}</p>
      {state.kind === 'sent' && <p role="status">{t('banner.sent')}</p>}
      {state.kind === 'failed' && <p role="alert">{state.message}</p>}
      <Button type="button" size="sm" variant="secondary" isLoading={state.kind === 'sending'} onClick={resend}>
        {t('banner.resend')}
      </Button>
    </Alert>
  );
}
