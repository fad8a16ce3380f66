// D-7: images are checked by content (sharp decodes them or refuses), bounded in pixels so a
// decompression bomb is refused before it is decoded, and re-encoded without any metadata
// (EXIF GPS must never leak a home).
import sharp from 'sharp';
import { AppError } from './app-error.js';

/** 40 megapixels: more than any phone photo, far below a bomb. */
const MAX_INPUT_PIXELS = 40_000_000;

export async function reencodeImage(input: Buffer, size: { width: number; height: number; fit: 'cover' | 'inside' }) {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff'].includes(meta.format)) {
      throw new AppError('UNSUPPORTED_MEDIA');
    }
    // rotate() applies the EXIF orientation before the metadata is dropped.
    return await image
      .rotate()
      .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_MEDIA', 'Only image files can be uploaded');
  }
}
