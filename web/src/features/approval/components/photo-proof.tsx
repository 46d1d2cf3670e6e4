import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog } from '@/components/ui';

export interface PhotoProofProps {
  url: string;
  /** What the photo shows, e.g. "Photo proof of Wash dishes". */
  alt: string;
}

/** A thumbnail of the photo proof; clicking it shows the photo larger. */
export function PhotoProof({ url, alt }: PhotoProofProps) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('approval');
  return (
    <>
      <button type="button" className="photo-proof" onClick={() => setOpen(true)} title={t('photo.showLarger')}>
        <img className="photo-proof__thumbnail" src={url} alt={alt} />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('photo.title')} size="lg">
        <img className="photo-proof__full" src={url} alt={alt} />
      </Dialog>
    </>
  );
}
