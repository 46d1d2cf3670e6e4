import { useTranslation } from 'react-i18next';

import { CopyField } from '@/components/ui';
import { QrCode } from '@/components/ui/qr-code';

/** The child's invite link, to copy or to scan from the parent's screen. */
export function InviteLink({ url }: { url: string }) {
  const { t } = useTranslation('children');
  return (
    <div className="invite-link">
      <CopyField label={t('invite.linkLabel')} value={url} />
      <figure className="invite-link__qr">
        <QrCode value={url} alt={t('invite.qrAlt')} />
        <figcaption className="muted small">{t('invite.qrCaption')}</figcaption>
      </figure>
    </div>
  );
}
