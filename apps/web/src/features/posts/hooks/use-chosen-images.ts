// The images chosen for a post, each with a preview URL. A URL is revoked when its image is
// removed, when the selection is cleared and when the form goes away.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ChosenImage {
  key: string;
  file: File;
  /** A blob: URL (the CSP allows blob: images). */
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
  const add = useCallback(
    (files: File[]) => {
      counter += 1;
      update([
        ...latest.current,
        ...files.map((file, i) => ({ key: `${counter}-${i}`, file, url: URL.createObjectURL(file) })),
      ]);
    },
    [update],
  );
  const remove = useCallback((key: string) => update(latest.current.filter((i) => i.key !== key)), [update]);
  const clear = useCallback(() => update([]), [update]);
  useEffect(
    () => () => {
      for (const image of latest.current) URL.revokeObjectURL(image.url);
      latest.current = [];
    },
    [],
  );
  return { images, add, remove, clear };
}
