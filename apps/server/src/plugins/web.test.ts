// The prerendered public pages reach any URL of theirs: a tracking tag, a trailing slash, a
// `?lang=` link; only the parameters a page renders from give the skeleton.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, FAKE_INDEX, type TestApp } from '../../test/build-test-app.js';

const page = (language: string, name: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root" data-prerendered="${language}">${name}</div></body></html>`;

describe('prerendered pages', () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  let t: TestApp;
  const english = { 'accept-language': 'en-US,en;q=0.9' };

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), FAKE_INDEX);
    for (const language of ['en-us', 'fr-ca']) {
      mkdirSync(join(dist, 'prerendered', language), { recursive: true });
      for (const name of ['index', 'about', 'login', 'register'])
        writeFileSync(join(dist, 'prerendered', language, `${name}.html`), page(language, name));
    }
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = english) => t.app.inject({ url, headers });

  it('sends the same page to / with a tracking tag as to /', async () => {
    const plain = await get('/');
    expect(plain.body).toBe(page('en-us', 'index'));
    const tagged = await get('/?utm_source=x&fbclid=abc');
    expect(tagged.statusCode).toBe(200);
    expect(tagged.body).toBe(plain.body);
  });

  it('sends /about prerendered with a query string or a trailing slash', async () => {
    expect((await get('/about?x=1')).body).toBe(page('en-us', 'about'));
    expect((await get('/about/')).body).toBe(page('en-us', 'about'));
    expect((await get('/about/?utm_campaign=launch')).body).toBe(page('en-us', 'about'));
  });

  it('follows ?lang=fr and ?lang=en over the browser language', async () => {
    expect((await get('/?lang=fr')).body).toBe(page('fr-ca', 'index'));
    expect((await get('/about?lang=fr')).body).toBe(page('fr-ca', 'about'));
    const french = { 'accept-language': 'fr-FR,fr;q=0.9' };
    expect((await get('/about', french)).body).toBe(page('fr-ca', 'about'));
    expect((await get('/about?lang=en', french)).body).toBe(page('en-us', 'about'));
  });

  it('gives the skeleton when the query changes what the page shows', async () => {
    expect((await get('/login?error=social')).body).toBe(FAKE_INDEX);
    expect((await get('/register?type=withID')).body).toBe(FAKE_INDEX);
    expect((await get('/login?utm_source=x')).body).toBe(page('en-us', 'login'));
  });

  it('answers the sign-in form posted without JavaScript with a page saying so, in the page language', async () => {
    const post = (url: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'email=someone%40example.org&password=secret+words',
      });
    const english = await post('/login', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toMatch(/^text\/html/);
    expect(english.headers['cache-control']).toBe('no-store');
    expect(english.body).toContain('<html lang="en-US">');
    expect(english.body).toContain('<h1>JavaScript is needed</h1>');
    expect(english.body).toContain('<a href="/login">Back to the login page</a>');
    expect(english.body).not.toContain('secret');
    // The page's language: the app's stored choice (its cookie) wins over the browser's.
    const french = await post('/login', { 'accept-language': 'en-US', cookie: 'language=fr-ca' });
    expect(french.body).toContain('<html lang="fr-CA">');
    expect(french.body).toContain('<h1>JavaScript est nécessaire</h1>');
    expect(french.body).toContain('<a href="/login">Retour à la page de connexion</a>');
    const signUp = await post('/register?type=withOutID', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(signUp.body).toContain('<a href="/register">Retour à la page d’inscription</a>');
  });
});
