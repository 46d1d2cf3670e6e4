import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useDeleteChild } from '../api/delete-child';
import type { Child } from '../types';
import { ageGroupLabel, rewardTypeLabel } from '../utils/options';
import { AdjustBalanceDialog } from './adjust-balance-dialog';
import { ChildDevices } from './child-devices';
import { GpaSummary } from './gpa-summary';
import { RatingsEditor } from './ratings-editor';
import { ResetMfaDialog } from './reset-mfa-dialog';
import { SetPasswordDialog } from './set-password-dialog';
import { SetPinDialog } from './set-pin-dialog';
import { ShowInviteDialog } from './show-invite-dialog';
import { SignInCodeDialog } from './sign-in-code-dialog';
import { SubjectsDialog } from './subjects-dialog';
import { useGoals } from '@/api/goals';
import { GoalsPanel } from '@/components/goals/goals-panel';
import { Alert, Button, Card, DetailsList, useConfirm } from '@/components/ui';
import { JarsPanel } from '@/components/jars/jars-panel';
import { AllowancePanel } from '@/components/allowance/allowance-panel';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { multiplierSummary } from '@/lib/multipliers';
import { formatCalendarDate, formatReward } from '@/utils/format';

/** Asked before a child is deleted. */
export function deleteConfirmation(name: string): string {
  return i18n.t('children:card.deleteConfirm', { name });
}

export interface ChildCardProps {
  child: Child;
  onEdit: (child: Child) => void;
  /** Opens the child's pauses, where the app offers them. */
  onPauses?: (child: Child) => void;
}

/** Which of the card's dialogs is open. */
type CardDialog = 'balance' | 'subjects' | 'invite' | 'signInCode' | 'password' | 'pin' | 'mfa' | null;

/**
 * One child: details, balance and its adjustment, reward multiplier, GPA and
 * subjects, edit and delete, behaviour ratings, and for a child who has a
 * login a sign-in code for their own device (and those devices, folded
 * away), a new password, a PIN and turning their two-factor sign-in off.
 */
export function ChildCard({ child, onEdit, onPauses }: ChildCardProps) {
  const { t } = useTranslation(['children', 'common', 'errors', 'tablet']);
  const [dialog, setDialog] = useState<CardDialog>(null);
  const { mutateAsync: remove } = useDeleteChild();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passwordSet, setPasswordSet] = useState(false);
  const [pinSet, setPinSet] = useState(false);
  const [mfaOff, setMfaOff] = useState(false);
  const joined = Boolean(child.userId);
  const emailLogin = joined && Boolean(child.user.email);
  const goals = useGoals(child.id);
  const [confirm, confirmDialog] = useConfirm();
  const deleteLabel = t('common:named.action', { action: t('common:actions.delete'), name: child.name });

  const onDelete = async () => {
    const confirmed = await confirm({
      title: deleteLabel,
      message: deleteConfirmation(child.name),
      confirmLabel: t('common:actions.delete'),
      danger: true,
    });
    if (!confirmed) return;
    setError(null);
    setDeleting(true);
    try {
      // Once the children are loaded again, the card is gone.
      await remove(child.id);
    } catch (failure) {
      setError(getErrorMessage(failure, t('errors:fallback.deleteChild')));
      setDeleting(false);
    }
  };

  const details: Array<[string, string]> = [
    [t('card.email'), child.user?.email || t('common:none')],
    [t('card.phone'), child.user?.phone?.trim() || t('common:none')],
    [t('card.birthday'), formatCalendarDate(child.dateOfBirth, t('card.notSet'))],
    [t('card.birthdayReward'), formatReward(child.birthdayRewardAmount, child.rewardDisplayType)],
    [t('card.rewardType'), rewardTypeLabel(child.rewardDisplayType)],
  ];

  return (
    <Card
      className="child-card"
      aria-label={child.name}
      title={child.name}
      actions={
        <>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onEdit(child)}
            aria-label={t('common:named.edit', { name: child.name })}
          >
            {t('common:actions.edit')}
          </Button>
          {onPauses && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onPauses(child)}
              aria-label={t('common:pauses.manageLabel', { name: child.name })}
            >
              {t('common:pauses.manage')}
            </Button>
          )}
          <Button
            variant="danger-quiet"
            size="sm"
            onClick={() => void onDelete()}
            isLoading={deleting}
            aria-label={deleteLabel}
          >
            {t('common:actions.delete')}
          </Button>
        </>
      }
    >
      <div className="child-card__badges">
        <span className="badge">{ageGroupLabel(child.ageGroup)}</span>
        {joined ? (
          <span className="badge badge--success">{t('card.joined')}</span>
        ) : (
          <span className="badge badge--warning">{t('card.invitationPending')}</span>
        )}
      </div>
      {/* The login's own actions, in a row of their own: beside the badges
          they wrapped into the row above and lay under its buttons. */}
      <div className="card__actions">
        {joined && (
          // How a child without an email or password signs in on their own device.
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('signInCode')}
            aria-label={t('devices.showLabel', { name: child.name })}
          >
            {t('devices.show')}
          </Button>
        )}
        {/* A password and two-factor sign-in go with an email login: a child
            without an address signs in with a sign-in code or the tablet PIN. */}
        {emailLogin ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setPasswordSet(false);
              setDialog('password');
            }}
            aria-label={t('card.setPasswordLabel', { name: child.name })}
          >
            {t('card.setPassword')}
          </Button>
        ) : null}
        {joined && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setPinSet(false);
              setDialog('pin');
            }}
            aria-label={t('tablet:pinDialog.actionLabel', { name: child.name })}
          >
            {t('tablet:pinDialog.action')}
          </Button>
        )}
        {emailLogin && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setMfaOff(false);
              setDialog('mfa');
            }}
            aria-label={t('card.turnOffMfaLabel', { name: child.name })}
          >
            {t('card.turnOffMfa')}
          </Button>
        )}
        {joined ? null : (
          // The link and QR code were shown once at Add Child; a parent may need them again.
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('invite')}
            aria-label={t('card.showInviteLabel', { name: child.name })}
          >
            {t('card.showInvite')}
          </Button>
        )}
      </div>
      {joined && <ChildDevices child={child} />}
      {error && <Alert>{error}</Alert>}
      {passwordSet && <Alert variant="success">{t('card.passwordSet', { name: child.name })}</Alert>}
      {pinSet && <Alert variant="success">{t('tablet:pinDialog.saved', { name: child.name })}</Alert>}
      {mfaOff && <Alert variant="success">{t('card.mfaTurnedOff', { name: child.name })}</Alert>}
      <div className="child-card__balance">
        <div>
          <span className="child-card__balance-label">{t('card.balance')}</span>
          <span className="child-card__balance-value">{formatReward(child.balance, child.rewardDisplayType)}</span>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setDialog('balance')}
          aria-label={t('card.adjustBalanceLabel', { name: child.name })}
        >
          {t('card.adjustBalance')}
        </Button>
      </div>
      <JarsPanel childId={child.id} name={child.name} unit={child.rewardDisplayType} />
      <AllowancePanel childId={child.id} name={child.name} unit={child.rewardDisplayType} />
      <section className="child-card__goals" aria-label={t('common:goals.label', { name: child.name })}>
        <h3 className="child-card__subtitle">{t('common:goals.title')}</h3>
        <GoalsPanel childId={child.id} name={child.name} goals={goals.data} unit={child.rewardDisplayType} own={false} />
      </section>
      <Link
        className="btn btn--secondary btn--sm"
        to={paths.app.payslip.getHref(child.id)}
        aria-label={t('common:payslip.openForLabel', { name: child.name })}
      >
        {t('common:payslip.openFor')}
      </Link>
      <section className="child-card__rewards" aria-label={t('card.rewardsLabel', { name: child.name })}>
        {child.multiplier && (
          <>
            <p className="child-card__multiplier">
              {t('card.multiplier', { summary: multiplierSummary(child.multiplier) })}
            </p>
            {/* A streak that boosts rewards is named in the line above already. */}
            {child.multiplier.streakDays > 0 && child.multiplier.streak === 1 && (
              <p className="muted small">{t('common:multipliers.streak', { count: child.multiplier.streakDays })}</p>
            )}
            {child.multiplier.bonusesDisabled && (
              <p className="child-card__bonuses-off">{t('card.bonusesOff')}</p>
            )}
          </>
        )}
        <div className="child-card__grades">
          <GpaSummary child={child} />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('subjects')}
            aria-label={t('card.subjectsLabel', { name: child.name })}
          >
            {t('card.subjects')}
          </Button>
        </div>
      </section>
      <DetailsList items={details} plain />
      <RatingsEditor child={child} />

      {dialog === 'balance' && (
        <AdjustBalanceDialog child={child} onClose={() => setDialog(null)} />
      )}
      {dialog === 'subjects' && (
        <SubjectsDialog child={child} onClose={() => setDialog(null)} />
      )}
      {dialog === 'invite' && <ShowInviteDialog child={child} onClose={() => setDialog(null)} />}
      {dialog === 'signInCode' && <SignInCodeDialog child={child} onClose={() => setDialog(null)} />}
      {dialog === 'password' && (
        <SetPasswordDialog
          child={child}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setPasswordSet(true);
          }}
        />
      )}
      {dialog === 'mfa' && (
        <ResetMfaDialog
          child={child}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setMfaOff(true);
          }}
        />
      )}
      {dialog === 'pin' && (
        <SetPinDialog
          child={child}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setPinSet(true);
          }}
        />
      )}
      {confirmDialog}
    </Card>
  );
}
