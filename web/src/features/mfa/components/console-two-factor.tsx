import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { useStartMfaSetup } from '../api/start-mfa-setup';
import { MfaSetup } from './mfa-setup';
import { Alert, Button, Card, PageHeader } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import type { MfaSetup as Setup } from '@/types/api';

/**
 * /admin/two-factor, inside the console's frame: a super admin who must set
 * up two-factor sign-in does it here, then lands on the console; one who has
 * it on sees that it is (super admins do not turn it off).
 */
export function ConsoleTwoFactor() {
  const { t } = useTranslation('mfa');
  useDocumentTitle(pageTitle(t('console.title')));
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  // Decided on arrival: turning it on here still ends with the recovery codes.
  const [settingUp] = useState(() => !user?.mfaEnabled || user.mfaSetupRequired);
  const { mutateAsync: startSetup, isPending: starting, error: startError } = useStartMfaSetup();
  const [setup, setSetup] = useState<Setup | null>(null);

  if (!settingUp) {
    return (
      <>
        <PageHeader title={t('console.title')} />
        <Card className="console-two-factor">
          <Alert variant="success">{t('console.on')}</Alert>
          <p className="muted">{t('console.onText')}</p>
          <div>
            <Link className="btn btn--secondary btn--md" to={paths.admin.getHref()}>
              {t('console.toConsole')}
            </Link>
          </div>
        </Card>
      </>
    );
  }

  const onStart = async () => {
    try {
      setSetup(await startSetup());
    } catch {
      // Shown below (a 401 has shown the login screen already).
    }
  };

  return (
    <>
      <PageHeader
        title={t('setup.title')}
        description={user?.mfaSetupRequired ? t('console.required') : t('card.offText')}
      />
      <Card className="console-two-factor">
        {setup ? (
          <MfaSetup setup={setup} focusOnStart onDone={() => void navigate(paths.admin.getHref(), { replace: true })} />
        ) : (
          <>
            {startError && !isApiError(startError, 401) && (
              <Alert>{getErrorMessage(startError, t('fallback.start'))}</Alert>
            )}
            <div>
              <Button onClick={onStart} isLoading={starting}>
                {t('console.start')}
              </Button>
            </div>
          </>
        )}
      </Card>
    </>
  );
}
