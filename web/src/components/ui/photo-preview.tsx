import { useEffect, useRef } from 'react';

/** Whether a chosen file is an image the browser can preview. */
export const isImage = (file: File): boolean => file.type.startsWith('image/');

/**
 * Shows a chosen image file; its object address is given back when the file
 * changes or the preview goes. `alt` says what it is where it is shown.
 */
export function PhotoPreview({ file, alt }: { file: File; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} className="photo-preview" alt={alt} />;
}
