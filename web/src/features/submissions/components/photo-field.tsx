import { useEffect, useRef, type Ref } from 'react';

import { Field } from '@/components/ui/field';

/** Shows a chosen image file; its object address is given back when the file changes or the preview goes. */
function PhotoPreview({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return <img ref={image} className="photo-preview" alt="Preview of the chosen photo" />;
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
  return (
    <Field
      label="Photo"
      error={error}
      hint={required ? 'This chore needs a photo. Images up to 10 MB.' : 'Optional. Images up to 10 MB.'}
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
          {photo?.type.startsWith('image/') && <PhotoPreview file={photo} />}
        </>
      )}
    </Field>
  );
}
