import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useCreateTablet, useRevokeTablet, useTablets } from '../api/tablets';
import type { Tablet } from '../types';
import { Alert, Button, Card, DialogForm, Spinner, TextField, useConfirm } from '@/components/ui';
import { paths } from '@/config/paths';
import { useForm } from '@/hooks/use-form';
import { getErrorMessage } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/validation';
import { useTabletStore } from '@/stores/tablet-store';
import { formatDateTime } from '@/utils/format';

const NAME_MAX = 60;

interface SetUpValues {
  name: string;
}

/**
 * Settings → Family tablet: the family's tablets (name, set up, last used)
 * with Remove, and "Use this browser as the family tablet".
 */
export function TabletsCard() {
  const { t } = useTranslation('tablet');
  const tablets = useTablets();
  const [settingUp, setSettingUp] = useState(false);

  return (
    <Card title={t('setup.title')} className="tablets-card">
      <p className="muted">{t('setup.description')}</p>
      {tablets.isPending && <Spinner label={t('setup.loading')} />}
      {tablets.error && <Alert>{getErrorMessage(tablets.error, t('setup.failedToLoad'))}</Alert>}
      {tablets.data && tablets.data.length === 0 && <p>{t('setup.none')}</p>}
      {tablets.data && tablets.data.length > 0 && (
        <ul className="tablets-list" aria-label={t('setup.listLabel')}>
          {tablets.data.map((tablet) => (
            <TabletRow key={tablet.id} tablet={tablet} />
          ))}
        </ul>
      )}
      <Button onClick={() => setSettingUp(true)}>{t('setup.useThisBrowser')}</Button>
      {settingUp && <SetUpDialog onClose={() => setSettingUp(false)} />}
    </Card>
  );
}

function TabletRow({ tablet }: { tablet: Tablet }) {
  const { t } = useTranslation('tablet');
  const { mutateAsync: revoke } = useRevokeTablet();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const revokeLabel = t('setup.revokeLabel', { name: tablet.name });

  const onRevoke = async () => {
    const confirmed = await confirm({
      title: revokeLabel,
      message: t('setup.revokeConfirm', { name: tablet.name }),
      confirmLabel: t('setup.revoke'),
      danger: true,
    });
    if (!confirmed) return;
    setBusy(true);
    setError(null);
    try {
      await revoke(tablet.id);
    } catch (failure) {
      setError(getErrorMessage(failure, t('setup.failedToRevoke')));
      setBusy(false);
    }
  };

  return (
    <li className="tablets-list__item">
      <div className="tablets-list__text">
        <span className="tablets-list__name">{tablet.name}</span>
        <span className="muted small">{t('setup.created', { date: formatDateTime(tablet.createdAt) })}</span>
        <span className="muted small">
          {tablet.lastUsedAt ? t('setup.lastUsed', { date: formatDateTime(tablet.lastUsedAt) }) : t('setup.neverUsed')}
        </span>
        {error && <Alert>{error}</Alert>}
      </div>
      <Button
        variant="danger-quiet"
        size="sm"
        onClick={() => void onRevoke()}
        isLoading={busy}
        aria-label={revokeLabel}
      >
        {t('setup.revoke')}
      </Button>
      {confirmDialog}
    </li>
  );
}

/** Names the tablet; then this browser becomes it and the parent is logged out here. */
function SetUpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('tablet');
  const navigate = useNavigate();
  const { mutateAsync: create } = useCreateTablet();
  const { serverError, submitting, field, onSubmit } = useForm<SetUpValues>({
    initial: { name: t('setup.defaultName') },
    validate: (values): FieldErrors<keyof SetUpValues> => ({
      name: !values.name.trim()
        ? t('setup.nameRequired')
        : values.name.trim().length > NAME_MAX
          ? t('setup.nameTooLong', { max: NAME_MAX })
          : undefined,
    }),
    fallback: t('setup.failedToCreate'),
    submit: async (values) => {
      const created = await create({ name: values.name.trim() });
      useTabletStore.getState().setDeviceToken(created.token);
      // The tablet is shared: the parent's session ends as its screen shows.
      useTabletStore.getState().setEndSessionOnArrival(true);
      void navigate(paths.tablet.getHref(), { replace: true });
    },
  });

  return (
    <DialogForm
      title={t('setup.dialogTitle')}
      submitLabel={t('setup.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">{t('setup.explanation')}</p>
      <TextField label={t('setup.name')} autoFocus maxLength={NAME_MAX} {...field('name')} />
    </DialogForm>
  );
}
