import { useMemo } from 'react';

import { qrCodeDataUrl } from '@/lib/qr-code';

export interface QrCodeProps {
  value: string;
  /** Describes what the code holds, e.g. "QR code of the invite link". */
  alt: string;
  size?: number;
}

/** A scannable QR code of `value`, drawn as an SVG image. */
export function QrCode({ value, alt, size = 200 }: QrCodeProps) {
  const src = useMemo(() => qrCodeDataUrl(value), [value]);
  return <img className="qr-code" src={src} alt={alt} width={size} height={size} />;
}
