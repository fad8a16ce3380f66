// Chosen image files, each with a preview URL. A URL is revoked when its image is removed or
// replaced, when the selection is cleared and when the component goes away, so previews never
// leak. Posts take a list; the profile's avatar is the single-image mode.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ChosenImage {
  key: string;
  file: File;
  /** A blob: URL for the preview (the CSP allows blob: images). */
  url: string;
}

let counter = 0;

export function useChosenImages() {
  const [images, setImages] = useState<ChosenImage[]>([]);
  const latest = useRef<ChosenImage[]>([]);
  const update = useCallback((next: ChosenImage[]) => {
    const kept = new Set(next.map((i) => i.key));
    for (const image of latest.current) if (!kept.has(image.key)) URL.revokeObjectURL(image.url);
    latest.current = next;
    setImages(next);
  }, []);
  const chosen = useCallback((files: File[]) => {
    counter += 1;
    return files.map((file, i) => ({ key: `${counter}-${i}`, file, url: URL.createObjectURL(file) }));
  }, []);
  const add = useCallback((files: File[]) => update([...latest.current, ...chosen(files)]), [update, chosen]);
  /** Replaces the whole selection (null or an empty list clears it). */
  const replace = useCallback((files: File[]) => update(chosen(files)), [update, chosen]);
  const remove = useCallback((key: string) => update(latest.current.filter((i) => i.key !== key)), [update]);
  const clear = useCallback(() => update([]), [update]);
  useEffect(
    () => () => {
      for (const image of latest.current) URL.revokeObjectURL(image.url);
      latest.current = [];
    },
    [],
  );
  return { images, add, replace, remove, clear };
}

/** One chosen image (or none): choosing another replaces it and revokes the old preview. */
export function useChosenImage(): [ChosenImage | null, (file: File | null) => void] {
  const { images, replace } = useChosenImages();
  const choose = useCallback((file: File | null) => replace(file ? [file] : []), [replace]);
  return [images[0] ?? null, choose];
}
