import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DisableMfaDialog } from './disable-mfa-dialog';
import { MfaSetup } from './mfa-setup';
import { Alert, Button, Card, Dialog, useConfirm } from '@/components/ui';
import type { User } from '@/types/api';

/**
 * Two-factor sign-in on the profile: whether it is on; when off, its setup
 * in a dialog (the current password first); when on, turning it off with a
 * code (platform administrators keep it on).
 */
export function TwoFactorCard({ user }: { user: User }) {
  const { t } = useTranslation('mfa');
  const [settingUp, setSettingUp] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [turnedOff, setTurnedOff] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const on = user.mfaEnabled;

  const onStart = () => {
    setTurnedOff(false);
    setSettingUp(true);
  };

  const endSetup = () => {
    setSettingUp(false);
    setConfirmed(false);
  };

  // The recovery codes are not shown again: closing before saving them asks first.
  const closeSetup = async () => {
    if (confirmed) {
      const leave = t('codes.leave');
      if (!(await confirm({ title: leave, message: t('codes.leaveConfirm'), confirmLabel: leave, danger: true }))) return;
    }
    endSetup();
  };

  const status = <span className={on ? 'badge badge--success' : 'badge'}>{on ? t('card.on') : t('card.off')}</span>;

  return (
    <Card title={t('card.title')} actions={status} className="two-factor-card" aria-label={t('card.title')}>
      <p className="muted">{on ? t('card.onText') : t('card.offText')}</p>
      {turnedOff && <Alert variant="success">{t('card.turnedOff')}</Alert>}
      {!on && (
        <div>
          <Button onClick={onStart}>
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

      <Dialog open={settingUp} onClose={() => void closeSetup()} title={t('setup.title')}>
        <MfaSetup autoFocus startLabel={t('setup.continue')} onConfirmed={() => setConfirmed(true)} onDone={endSetup} />
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
      {confirmDialog}
    </Card>
  );
}
