import { CopyField, QrCode } from '@/components/ui';

/** The child's invite link, to copy or to scan from the parent's screen. */
export function InviteLink({ url }: { url: string }) {
  return (
    <div className="invite-link">
      <CopyField label="Invite Link" value={url} />
      <figure className="invite-link__qr">
        <QrCode value={url} alt="QR code of the invite link" />
        <figcaption className="muted small">Scan with the child&apos;s phone or tablet to open the link.</figcaption>
      </figure>
    </div>
  );
}
