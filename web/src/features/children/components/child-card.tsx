import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeleteChild } from '../api/delete-child';
import type { Child } from '../types';
import { ageGroupLabel } from '../utils/options';
import { ChildChoresTab } from './child-chores-tab';
import { ChildMoneyTab } from './child-money-tab';
import { ChildProfileTab } from './child-profile-tab';
import { ChildSchoolTab } from './child-school-tab';
import { ShowInviteDialog } from './show-invite-dialog';
import { SignInCodeDialog } from './sign-in-code-dialog';
import { Alert, Button, Card, Tabs, useConfirm } from '@/components/ui';
import { JarsAtAGlance } from '@/components/jars/jars-panel';
import { getErrorMessage } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { formatReward } from '@/utils/format';

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

type ChildCardTab = 'money' | 'chores' | 'school' | 'profile';

/**
 * One child, calmly: a head with what a parent looks at most (their badges,
 * balance and jars, and the sign-in code or invite link) beside Edit, Pauses
 * and Delete; the rest behind tabs on the card (Money, Chores, School,
 * Profile), which open on Money and keep the tab chosen while the page stays.
 */
export function ChildCard({ child, onEdit, onPauses }: ChildCardProps) {
  const { t } = useTranslation(['children', 'common', 'errors']);
  const [tab, setTab] = useState<ChildCardTab>('money');
  const [dialog, setDialog] = useState<'invite' | 'signInCode' | null>(null);
  const { mutateAsync: remove } = useDeleteChild();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const joined = Boolean(child.userId);
  const name = child.name;
  const deleteLabel = t('common:named.action', { action: t('common:actions.delete'), name });

  const onDelete = async () => {
    const confirmed = await confirm({
      title: deleteLabel,
      message: deleteConfirmation(name),
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

  return (
    <Card
      className="child-card"
      aria-label={name}
      title={name}
      actions={
        <>
          <Button variant="secondary" size="sm" onClick={() => onEdit(child)} aria-label={t('common:named.edit', { name })}>
            {t('common:actions.edit')}
          </Button>
          {onPauses && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onPauses(child)}
              aria-label={t('common:pauses.manageLabel', { name })}
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
      <div className="child-card__balance">
        <div className="child-card__balance-amount">
          <span className="child-card__balance-label">{t('card.balance')}</span>
          <span className="child-card__balance-value">{formatReward(child.balance, child.rewardDisplayType)}</span>
        </div>
        <JarsAtAGlance childId={child.id} name={name} unit={child.rewardDisplayType} />
      </div>
      {/* The way in, in a row of its own: beside the badges it wrapped into
          the row above and lay under its buttons. */}
      <div className="card__actions">
        {joined ? (
          // How a child without an email or password signs in on their own device.
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('signInCode')}
            aria-label={t('devices.showLabel', { name })}
          >
            {t('devices.show')}
          </Button>
        ) : (
          // The link and QR code were shown once at Add Child; a parent may need them again.
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('invite')}
            aria-label={t('card.showInviteLabel', { name })}
          >
            {t('card.showInvite')}
          </Button>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <div className="child-card__tabs">
        <Tabs<ChildCardTab>
          label={t('card.tabs.label', { name })}
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              key: 'money',
              label: t('card.tabs.money'),
              name: t('card.tabs.moneyLabel', { name }),
              content: <ChildMoneyTab child={child} />,
            },
            {
              key: 'chores',
              label: t('card.tabs.chores'),
              name: t('card.tabs.choresLabel', { name }),
              content: <ChildChoresTab child={child} />,
            },
            {
              key: 'school',
              label: t('card.tabs.school'),
              name: t('card.tabs.schoolLabel', { name }),
              content: <ChildSchoolTab child={child} />,
            },
            {
              key: 'profile',
              label: t('card.tabs.profile'),
              name: t('card.tabs.profileLabel', { name }),
              content: <ChildProfileTab child={child} />,
            },
          ]}
        />
      </div>

      {dialog === 'invite' && <ShowInviteDialog child={child} onClose={() => setDialog(null)} />}
      {dialog === 'signInCode' && <SignInCodeDialog child={child} onClose={() => setDialog(null)} />}
      {confirmDialog}
    </Card>
  );
}
