// D-7: images are checked by content (their magic bytes, then sharp decodes them or refuses),
// bounded in pixels so a decompression bomb is refused before it is decoded, and re-encoded
// without any metadata (EXIF GPS must never leak a home).
import sharp from 'sharp';
import { AppError } from './app-error.js';

/** 40 megapixels: more than any phone photo, far below a bomb. */
const MAX_INPUT_PIXELS = 40_000_000;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The image type the first bytes announce, whatever the file name says; null when not an image. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'avif' | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'hevc', 'mif1', 'msf1'].includes(brand)) return 'heif';
  }
  return null;
}

export interface EncodedImage {
  body: Buffer;
  width: number;
  height: number;
}

async function encode(input: Buffer, size: { width: number; height: number; fit: 'cover' | 'inside' }, quality = 80) {
  if (!sniffImageType(input)) throw new AppError('UNSUPPORTED_MEDIA', 'Only image files can be uploaded');
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', 'Only image files can be uploaded');
  }
}

export async function reencodeImage(input: Buffer, size: { width: number; height: number; fit: 'cover' | 'inside' }) {
  return (await encode(input, size)).body;
}

/** A post's photo (D-7): a bounded WebP for the detail page and a small square thumbnail for lists and markers. */
export async function processPostImage(input: Buffer): Promise<{ full: EncodedImage; thumb: EncodedImage }> {
  const full = await encode(input, { width: 1600, height: 1600, fit: 'inside' });
  const thumb = await encode(full.body, { width: 200, height: 200, fit: 'cover' }, 70);
  return { full, thumb };
}
