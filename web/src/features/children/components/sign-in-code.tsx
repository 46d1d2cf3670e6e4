import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateDeviceLink } from '../api/create-device-link';
import { deviceLinkUrl } from '../utils/device-link-url';
import { Alert, Button, CopyField, Spinner } from '@/components/ui';
import { QrCode } from '@/components/ui/qr-code';
import { getErrorMessage } from '@/lib/api-client';
import { formatTime } from '@/utils/format';

/** The longest wait a browser timer takes (about 24.8 days): a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether the instant `expiresAt` has passed; turns true when it does, on its own. */
function useExpired(expiresAt: string | null | undefined): boolean {
  const [passed, setPassed] = useState<string | null>(null);
  useEffect(() => {
    if (!expiresAt) return;
    const left = Math.max(0, new Date(expiresAt).getTime() - Date.now());
    // A code lasts 15 minutes; one said to last for weeks does not expire while shown.
    if (left > MAX_TIMER_MS) return;
    const timer = window.setTimeout(() => setPassed(expiresAt), left);
    return () => window.clearTimeout(timer);
  }, [expiresAt]);
  return Boolean(expiresAt) && passed === expiresAt;
}

export interface SignInCodeProps {
  childId: string;
  name: string;
}

/**
 * A new one-time sign-in code for one of the child's own devices, made as it
 * shows: a QR code of its /link address to scan with the device's camera,
 * until when it works, and the link to copy (to send it to the device
 * another way). An expired code gives way to a button for a new one.
 */
export function SignInCode({ childId, name }: SignInCodeProps) {
  const { t } = useTranslation(['children', 'errors']);
  const { mutate: create, data: link, error, isPending } = useCreateDeviceLink();
  const expired = useExpired(link?.expiresAt);

  // Each code works once, so one is made per showing (StrictMode runs effects twice).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    create(childId);
  }, [childId, create]);

  if (error) return <Alert>{getErrorMessage(error, t('devices.failedToCreate'))}</Alert>;
  if (isPending || !link) return <Spinner label={t('devices.creating')} />;
  if (expired) {
    return (
      <div className="sign-in-code">
        <Alert variant="info">{t('devices.expired')}</Alert>
        <Button onClick={() => create(childId)}>{t('devices.newCode')}</Button>
      </div>
    );
  }

  const url = deviceLinkUrl(link.code);
  return (
    <div className="sign-in-code">
      <figure className="invite-link__qr">
        <QrCode value={url} alt={t('devices.qrAlt', { name })} />
        <figcaption>{t('devices.scan')}</figcaption>
      </figure>
      <p className="sign-in-code__expiry">
        {link.expiresAt ? t('devices.worksUntil', { time: formatTime(link.expiresAt) }) : t('devices.worksOnce')}
      </p>
      <CopyField label={t('devices.linkLabel')} value={url} copyText={t('devices.copyLink')} />
    </div>
  );
}
