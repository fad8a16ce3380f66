// With data saver on, a post's photos load only when tapped, and then as
// thumbnails; the settings page says how much was saved. Without it, the photo loads at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solutionImages } from '../../server/src/db/schema.js';
import { processPostImage } from '../../server/src/lib/images.js';
import {
  STUB_TILE,
  createSession,
  expectHeading,
  newPage,
  startHarness,
  waitForQuiet,
  type Harness,
} from './harness.js';
import { TRACTOR, publish } from './posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** A post with two photos, stored as the publish form stores them. */
async function postWithPhotos(): Promise<{ path: string; files: { full: string; thumb: string }[] }> {
  const owner = await createSession(h, { firstName: 'Awa' });
  const id = await publish(h, owner.auth_key, { ...TRACTOR, description: `Tractor with photos ${Date.now()}` });
  const image = await processPostImage(STUB_TILE);
  const files = [0, 1].map((i) => ({ full: `ds${Date.now()}${i}`, thumb: `ds${Date.now()}${i}-thumb` }));
  for (const [position, file] of files.entries()) {
    await h.app.storage.put(`posts/${file.full}.webp`, image.full.body, 'image/webp');
    await h.app.storage.put(`posts/${file.thumb}.webp`, image.thumb.body, 'image/webp');
    await h.app.database.db.insert(solutionImages).values({
      solutionId: id,
      position,
      fullKey: `posts/${file.full}.webp`,
      thumbKey: `posts/${file.thumb}.webp`,
      width: image.full.width,
      height: image.full.height,
      mime: 'image/webp',
    });
  }
  return { path: `/supplierdetails/${id}/${owner.user._id}`, files };
}

describe('data saver', () => {
  it('loads no photo of a post until tapped, then only its thumbnail, and counts the bytes saved', async () => {
    const { path, files } = await postWithPhotos();
    const { context, page, errors } = await newPage(h, { signedIn: true, dataSaver: true });
    const media: string[] = [];
    // The context sees the page's requests and the service worker's alike.
    context.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/media/')) media.push(url.pathname);
    });
    await page.goto(path);
    await expectHeading(page, "Supplier's Solution");
    const first = page.getByRole('button', { name: /^Load photo 1 of 2: / });
    await first.waitFor();
    await expect(page.getByRole('button', { name: /^Load photo 2 of 2: / }).isVisible()).resolves.toBe(true);
    await expect(first.innerText()).resolves.toBe('Tap to load the photo');
    await waitForQuiet(page);
    expect(media).toEqual([]);

    await first.click();
    const zoom = page.getByRole('button', { name: /^Enlarge photo 1 of 2: / });
    await zoom.waitFor();
    await page.waitForFunction(() =>
      [...document.images].some((i) => i.src.includes('-thumb.webp') && i.naturalWidth > 0),
    );
    await waitForQuiet(page);
    // The thumbnail of the photo tapped, nothing else: no full-size photo, not the second one.
    expect([...new Set(media)]).toEqual([`/api/media/posts/${files[0]!.thumb}.webp`]);

    await page.goto('/languageCurrency');
    await expect(page.getByTestId('bytes-saved').innerText()).resolves.toMatch(
      /^Saved on this phone so far: about \d+ kB\.$/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the first photo at once without data saver', async () => {
    const { path, files } = await postWithPhotos();
    const { context, page, errors } = await newPage(h, { signedIn: true, language: 'fr-ca' });
    const media: string[] = [];
    context.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/media/')) media.push(url.pathname);
    });
    await page.goto(path);
    await page.getByRole('button', { name: /^Agrandir la photo 1 sur 2\s: / }).waitFor();
    await expect.poll(() => media).toContain(`/api/media/posts/${files[0]!.full}.webp`);
    await page.goto('/languageCurrency');
    await expect(page.getByTestId('bytes-saved').innerText()).resolves.toBe(
      "Rien d'économisé pour l'instant sur ce téléphone.",
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
