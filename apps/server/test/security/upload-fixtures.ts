// Hostile upload files, generated in code (no binary is committed): files
// whose first bytes claim an image while the rest is something else, or whose header lies.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** A PNG chunk with a correct CRC, so only what it says can be wrong. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, bitDepth: number, colorType: number): Buffer {
  return chunk('IHDR', Buffer.concat([u32(width), u32(height), Buffer.from([bitDepth, colorType, 0, 0, 0])]));
}

export const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A ZIP archive (stored, not compressed) holding one HTML file: `PK\x03\x04` ... end of central directory. */
export function zipWithHtml(): Buffer {
  const name = Buffer.from('index.html');
  const data = Buffer.from(HTML_PAYLOAD);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, name, data]);
  const centralPart = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

/**
 * JPEG/HTML polyglot: JPEG's magic bytes and a comment segment holding an HTML page, but no
 * image data. A browser sniffing it as HTML runs the script; it is not a picture.
 */
export function jpegHtmlPolyglot(): Buffer {
  const comment = Buffer.from(HTML_PAYLOAD);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe]), length, comment, Buffer.from([0xff, 0xd9])]);
}

/** PNG/ZIP polyglot: a PNG signature and header, then a ZIP archive where the pixels should be. */
export function pngZipPolyglot(): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(64, 64, 8, 2),
    chunk('zIPp', zipWithHtml()),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF document named photo.jpg and sent as image/jpeg. */
export function pdfNamedJpg(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

/** A PNG whose header claims 4000×3000 RGB while its data holds 10 rows. */
export function lyingPng(): Buffer {
  const width = 4000;
  const rows = Buffer.alloc(10 * (1 + width * 3), 0x40);
  for (let r = 0; r < 10; r++) rows[r * (1 + width * 3)] = 0;
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, 3000, 8, 2),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A decompression bomb: a valid 30000×30000 one-bit PNG of about 110 KB that would decode to
 * 900 million pixels (2.7 GB as RGB).
 */
export function bombPng(side = 30_000): Buffer {
  const rowBytes = 1 + Math.ceil(side / 8);
  // All zero: filter byte 0, black pixels; compresses about 1000 to 1.
  const idat = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([PNG_SIGNATURE, ihdr(side, side, 1, 0), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A real photo with an HTML comment inside and a ZIP after its end: decodable, so only re-encoding defuses it. */
export async function photoCarryingPayload(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  const comment = Buffer.from(HTML_PAYLOAD);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  // SOI, then a COM segment, then the rest of the original file (after its own SOI), then the ZIP.
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    comment,
    jpeg.subarray(2),
    zipWithHtml(),
  ]);
}
