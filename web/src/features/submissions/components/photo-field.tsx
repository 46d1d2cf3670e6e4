import { useTranslation } from 'react-i18next';
import { type Ref } from 'react';

import { Field } from '@/components/ui/field';
import { PhotoPreview, isImage } from '@/components/ui/photo-preview';

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
          {photo && isImage(photo) && <PhotoPreview file={photo} alt={t('photoPreview')} />}
        </>
      )}
    </Field>
  );
}
