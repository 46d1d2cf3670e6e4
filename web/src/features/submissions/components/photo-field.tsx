import { useTranslation } from 'react-i18next';
import { useEffect, useRef, type Ref } from 'react';

import { Field } from '@/components/ui/field';

/** Shows a chosen image file; its object address is given back when the file changes or the preview goes. */
function PhotoPreview({ file }: { file: File }) {
  const { t } = useTranslation('submissions');
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return <img ref={image} className="photo-preview" alt={t('photoPreview')} />;
}

export interface PhotoFieldProps {
  photo: File | null;
  required: boolean;
  error?: string;
  onChange: (photo: File | null) => void;
  /** The file input, so that the form can clear it. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The photo proof: an image file, with a preview of it. */
export function PhotoField({ photo, required, error, onChange, inputRef }: PhotoFieldProps) {
  const { t } = useTranslation('submissions');
  const isImage = photo?.type.startsWith('image/') ?? false;
  return (
    <Field
      label={t('photo')}
      error={error}
      hint={required ? t('photoHintRequired') : t('photoHint')}
    >
      {(control) => (
        <>
          <input
            ref={inputRef}
            className="field__input field__file"
            type="file"
            accept="image/*"
            name="photo"
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
            {...control}
          />
          {photo && isImage && <PhotoPreview file={photo} />}
        </>
      )}
    </Field>
  );
}
