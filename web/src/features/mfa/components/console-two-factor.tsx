import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { MfaSetup } from './mfa-setup';
import { Alert, Card, PageHeader } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useSessionStore } from '@/stores/session-store';

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

  return (
    <>
      <PageHeader
        title={t('setup.title')}
        description={user?.mfaSetupRequired ? t('console.required') : t('card.offText')}
      />
      <Card className="console-two-factor">
        <MfaSetup startLabel={t('console.start')} onDone={() => void navigate(paths.admin.getHref(), { replace: true })} />
      </Card>
    </>
  );
}
