// D-25: the data saver setting. When on, the app loads no photo until tapped
// (thumbnails only), and the map draws no street tiles (the offline country shapes stay).
// Kept in local storage like language and currency (SPEC 3), so it holds before sign-in and
// across reloads; every reader (photos, the map's street tiles) shares this one store.
import { useSyncExternalStore } from 'react';
import { DATA_SAVER_KEY as KEY, isDataSaverOn, safeGet } from './settings';
import { numberFormat } from './intl';

const listeners = new Set<() => void>();

export function setDataSaver(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, 'on');
    else localStorage.removeItem(KEY);
  } catch {
    // Private modes may refuse storage; the choice then lasts until the page is left.
    memory = on;
  }
  for (const notify of listeners) notify();
}

let memory: boolean | null = null;

function read(): boolean {
  return memory ?? isDataSaverOn();
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  // Another tab changing the setting applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

/** The data saver setting and its setter; every component using it re-renders on a change. */
export function useDataSaver(): [on: boolean, set: (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  return [on, setDataSaver];
}

// The bytes saved. The API names no image sizes, so each skipped download counts an estimate,
// measured on what the server makes of phone photos (lib/images.ts: WebP, 1600 px at quality 80
// for the photo, a 200 px square at quality 70 for the thumbnail) and on OpenStreetMap's tiles.
/** A post's full photo, about 180 KB. */
export const PHOTO_BYTES = 180_000;
/** A post's thumbnail, about 8 KB. */
export const THUMB_BYTES = 8_000;
/** A street tile, about 20 KB. */
export const TILE_BYTES = 20_000;

const SAVED_KEY = 'dataSaverBytes';
const savedListeners = new Set<() => void>();
let savedMemory: number | null = null;
/** Each image and tile is counted once per visit (the browser keeps what it loaded once). */
const counted = new Set<string>();

function readSaved(): number {
  if (savedMemory !== null) return savedMemory;
  const n = Number(safeGet(SAVED_KEY));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function writeSaved(total: number) {
  savedMemory = null;
  try {
    localStorage.setItem(SAVED_KEY, String(total));
  } catch {
    savedMemory = total;
  }
  for (const notify of savedListeners) notify();
}

/**
 * Counts what data saver kept from downloading: `bytes` for the thing named `key`, once per
 * visit. A negative amount takes back part of it (a photo tapped loads its thumbnail after all).
 */
export function recordSaved(key: string, bytes: number): void {
  if (counted.has(key)) return;
  counted.add(key);
  writeSaved(Math.max(0, readSaved() + bytes));
}

/** The estimated bytes data saver has kept from downloading on this phone. */
export function useBytesSaved(): number {
  return useSyncExternalStore(
    (notify) => {
      savedListeners.add(notify);
      return () => savedListeners.delete(notify);
    },
    readSaved,
    () => 0,
  );
}

/** "1.2 MB" / "1,2 Mo", "350 kB" / "350 ko": kilobytes under a megabyte (decimal units). */
export function formatBytes(bytes: number, language: string): string {
  const mega = bytes >= 1_000_000;
  return numberFormat(language, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / 1_000_000 : bytes / 1_000);
}
