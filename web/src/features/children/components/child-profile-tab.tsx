import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Child } from '../types';
import { rewardTypeLabel } from '../utils/options';
import { ChildDevices } from './child-devices';
import { ResetMfaDialog } from './reset-mfa-dialog';
import { SetPasswordDialog } from './set-password-dialog';
import { SetPinDialog } from './set-pin-dialog';
import { Alert, Button, DetailsList } from '@/components/ui';
import { formatCalendarDate, formatReward } from '@/utils/format';

/** Which of the tab's dialogs is open, and what the last one did. */
type LoginDialog = 'password' | 'pin' | 'mfa';

/**
 * The child card's Profile tab: their details, and for a child who has a
 * login a PIN for the family tablet and the devices signed in with a sign-in
 * code (folded away); with an email login, a new password and turning their
 * two-factor sign-in off. (The sign-in code itself is in the card's head.)
 */
export function ChildProfileTab({ child }: { child: Child }) {
  const { t } = useTranslation(['children', 'common', 'tablet']);
  const [dialog, setDialog] = useState<LoginDialog | null>(null);
  const [done, setDone] = useState<LoginDialog | null>(null);
  const joined = Boolean(child.userId);
  // A password and two-factor sign-in go with an email login: a child
  // without an address signs in with a sign-in code or the tablet PIN.
  const emailLogin = joined && Boolean(child.user.email);

  const open = (which: LoginDialog) => {
    setDone(null);
    setDialog(which);
  };
  const finished = (which: LoginDialog) => () => {
    setDialog(null);
    setDone(which);
  };

  const details: Array<[string, string]> = [
    [t('card.email'), child.user?.email || t('common:none')],
    [t('card.phone'), child.user?.phone?.trim() || t('common:none')],
    [t('card.birthday'), formatCalendarDate(child.dateOfBirth, t('card.notSet'))],
    [t('card.birthdayReward'), formatReward(child.birthdayRewardAmount, child.rewardDisplayType)],
    [t('card.rewardType'), rewardTypeLabel(child.rewardDisplayType)],
  ];

  return (
    <div className="child-card__panel">
      <DetailsList items={details} plain />
      {joined && (
        <div className="card__actions">
          {emailLogin && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => open('password')}
              aria-label={t('card.setPasswordLabel', { name: child.name })}
            >
              {t('card.setPassword')}
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => open('pin')}
            aria-label={t('tablet:pinDialog.actionLabel', { name: child.name })}
          >
            {t('tablet:pinDialog.action')}
          </Button>
          {emailLogin && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => open('mfa')}
              aria-label={t('card.turnOffMfaLabel', { name: child.name })}
            >
              {t('card.turnOffMfa')}
            </Button>
          )}
        </div>
      )}
      {done === 'password' && <Alert variant="success">{t('card.passwordSet', { name: child.name })}</Alert>}
      {done === 'pin' && <Alert variant="success">{t('tablet:pinDialog.saved', { name: child.name })}</Alert>}
      {done === 'mfa' && <Alert variant="success">{t('card.mfaTurnedOff', { name: child.name })}</Alert>}
      {joined && <ChildDevices child={child} />}

      {dialog === 'password' && (
        <SetPasswordDialog child={child} onClose={() => setDialog(null)} onSaved={finished('password')} />
      )}
      {dialog === 'pin' && <SetPinDialog child={child} onClose={() => setDialog(null)} onSaved={finished('pin')} />}
      {dialog === 'mfa' && <ResetMfaDialog child={child} onClose={() => setDialog(null)} onDone={finished('mfa')} />}
    </div>
  );
}
