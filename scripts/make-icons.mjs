// Renders the app icons from apps/web/public/icon.svg (run once when the icon changes; the
// PNGs are committed so a build needs no image tooling).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const sharp = require('sharp');
const dir = new URL('../apps/web/public/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', dir));
for (const [name, size, pad] of [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['icon-maskable-512.png', 512, 56],
  ['apple-touch-icon.png', 180, 0],
]) {
  const inner = size - pad * 2;
  const image = sharp(svg, { density: 300 }).resize(inner, inner);
  const out = pad
    ? sharp({ create: { width: size, height: size, channels: 4, background: '#0f5132' } }).composite([
        { input: await image.png().toBuffer(), top: pad, left: pad },
      ])
    : image;
  await out.png({ compressionLevel: 9 }).toFile(new URL(name, dir).pathname);
  console.log(name);
}
