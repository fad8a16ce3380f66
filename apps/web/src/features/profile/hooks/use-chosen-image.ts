import { useCallback, useEffect, useRef, useState } from 'react';

export interface ChosenImage {
  file: File;
  /** A blob: URL for the preview (the CSP allows blob: images). */
  url: string;
}

/** A chosen image file with its preview URL; the URL is revoked when replaced or on leaving. */
export function useChosenImage(): [ChosenImage | null, (file: File | null) => void] {
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const latest = useRef<ChosenImage | null>(null);
  const choose = useCallback((file: File | null) => {
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    latest.current = file ? { file, url: URL.createObjectURL(file) } : null;
    setChosen(latest.current);
  }, []);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
      latest.current = null;
    },
    [],
  );
  return [chosen, choose];
}
