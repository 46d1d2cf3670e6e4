import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useStartMfaSetup } from '../api/start-mfa-setup';
import { DisableMfaDialog } from './disable-mfa-dialog';
import { MfaSetup } from './mfa-setup';
import { Alert, Button, Card, Dialog } from '@/components/ui';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import type { MfaSetup as Setup, User } from '@/types/api';

/**
 * Two-factor sign-in on the profile: whether it is on; when off, its setup
 * in a dialog; when on, turning it off with a code (platform administrators
 * keep it on).
 */
export function TwoFactorCard({ user }: { user: User }) {
  const { t } = useTranslation('mfa');
  const { mutateAsync: startSetup, isPending: starting, error: startError } = useStartMfaSetup();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [turnedOff, setTurnedOff] = useState(false);
  const on = user.mfaEnabled;

  const onStart = async () => {
    setTurnedOff(false);
    try {
      setSetup(await startSetup());
    } catch {
      // Shown below (a 401 has shown the login screen already).
    }
  };

  const endSetup = () => {
    setSetup(null);
    setConfirmed(false);
  };

  // The recovery codes are not shown again: closing before saving them asks first.
  const closeSetup = () => {
    if (confirmed && !window.confirm(t('codes.leaveConfirm'))) return;
    endSetup();
  };

  const status = <span className={on ? 'badge badge--success' : 'badge'}>{on ? t('card.on') : t('card.off')}</span>;

  return (
    <Card title={t('card.title')} actions={status} className="two-factor-card" aria-label={t('card.title')}>
      <p className="muted">{on ? t('card.onText') : t('card.offText')}</p>
      {turnedOff && <Alert variant="success">{t('card.turnedOff')}</Alert>}
      {startError && !isApiError(startError, 401) && <Alert>{getErrorMessage(startError, t('fallback.start'))}</Alert>}
      {!on && (
        <div>
          <Button onClick={onStart} isLoading={starting}>
            {t('setup.start')}
          </Button>
        </div>
      )}
      {on && user.role === 'SUPER_ADMIN' && <p className="muted">{t('card.adminText')}</p>}
      {on && user.role !== 'SUPER_ADMIN' && (
        <div>
          <Button variant="secondary" onClick={() => setDisabling(true)}>
            {t('card.turnOff')}
          </Button>
        </div>
      )}

      <Dialog open={setup !== null} onClose={closeSetup} title={t('setup.title')}>
        {setup && <MfaSetup setup={setup} onConfirmed={() => setConfirmed(true)} onDone={endSetup} />}
      </Dialog>
      {disabling && (
        <DisableMfaDialog
          onClose={() => setDisabling(false)}
          onDisabled={() => {
            setDisabling(false);
            setTurnedOff(true);
          }}
        />
      )}
    </Card>
  );
}
