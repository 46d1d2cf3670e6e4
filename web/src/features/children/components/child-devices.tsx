import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useChildDevices } from '../api/get-child-devices';
import { useSignOutDevice } from '../api/sign-out-device';
import type { Child, ChildDevice } from '../types';
import { Alert, Button, Spinner, useConfirm } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';

/**
 * The child's own devices signed in through a sign-in code, folded away on
 * the card (a calm card; loaded when opened), each with Sign out.
 */
export function ChildDevices({ child }: { child: Pick<Child, 'id' | 'name'> }) {
  const { t } = useTranslation('children');
  const [open, setOpen] = useState(false);
  const devices = useChildDevices(child.id, open);

  return (
    <details className="child-card__devices" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('devices.section')}</summary>
      {open && (
        <div className="child-card__devices-body">
          {devices.isPending && <Spinner label={t('devices.loading')} />}
          {devices.error && <Alert>{getErrorMessage(devices.error, t('devices.failedToLoad'))}</Alert>}
          {devices.data && devices.data.length === 0 && (
            <p className="muted small">{t('devices.none', { name: child.name })}</p>
          )}
          {devices.data && devices.data.length > 0 && (
            <ul className="device-list" aria-label={t('devices.listLabel', { name: child.name })}>
              {devices.data.map((device) => (
                <DeviceRow key={device.id} child={child} device={device} />
              ))}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}

function DeviceRow({ child, device }: { child: Pick<Child, 'id' | 'name'>; device: ChildDevice }) {
  const { t } = useTranslation('children');
  const { mutateAsync: signOut } = useSignOutDevice();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const signOutLabel = t('devices.signOutLabel', { device: device.name });

  const onSignOut = async () => {
    const confirmed = await confirm({
      title: signOutLabel,
      message: t('devices.signOutConfirm', { name: child.name, device: device.name }),
      confirmLabel: t('devices.signOut'),
      danger: true,
    });
    if (!confirmed) return;
    setBusy(true);
    setError(null);
    try {
      // Once the devices are loaded again, the row is gone.
      await signOut({ childId: child.id, deviceId: device.id });
    } catch (failure) {
      setError(getErrorMessage(failure, t('devices.failedToSignOut')));
      setBusy(false);
    }
  };

  return (
    <li className="device-list__item">
      <div className="device-list__text">
        <span className="device-list__name">{device.name}</span>
        <span className="muted small">{t('devices.added', { date: formatDateTime(device.createdAt) })}</span>
        <span className="muted small">
          {device.lastUsedAt ? t('devices.lastUsed', { date: formatDateTime(device.lastUsedAt) }) : t('devices.neverUsed')}
        </span>
        {error && <Alert>{error}</Alert>}
      </div>
      <Button variant="danger-quiet" size="sm" onClick={() => void onSignOut()} isLoading={busy} aria-label={signOutLabel}>
        {t('devices.signOut')}
      </Button>
      {confirmDialog}
    </li>
  );
}
