// GET /api/places and /api/places/reverse (D-26). The server-postgres project runs it again on
// PostgreSQL. Senegal's, France's and Germany's cities are loaded (PLACES_COUNTRIES; Theißen and
// Theix are close to a typo of Thiès), as the app loads all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ PLACES_COUNTRIES: 'SN,FR,DE' });
  await t.app.ready();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const places = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/api/places?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { name: string; region: string | null; country_code: string; country_name: string }[];
};
const DAKAR = '-17.44509,14.69449';

describe('GET /api/places', () => {
  it.each([
    ['its own spelling', 'Thi%C3%A8s'],
    ['lower case, without its accent', 'thies'],
    ['without its accent', 'Thies'],
  ])('finds Thiès, Senegal first by %s', async (_how, q) => {
    const [first] = await places(`q=${q}`);
    expect(first).toMatchObject({ name: 'Thiès', region: 'Thies', country_code: 'SN', country_name: 'Senegal' });
  });

  it('forgives a typo ("Theis"), first when searching near Dakar', async () => {
    expect((await places('q=Theis')).map((p) => `${p.name}, ${p.country_code}`)).toContain('Thiès, SN');
    const [first] = await places(`q=Theis&near=${DAKAR}`);
    expect(first).toMatchObject({ name: 'Thiès', country_code: 'SN' });
  });

  it('finds a city by its beginning and by a word of its name', async () => {
    expect((await places('q=Zigu'))[0]).toMatchObject({ name: 'Ziguinchor', country_code: 'SN' });
    expect((await places(`q=louis&near=${DAKAR}`))[0]).toMatchObject({ name: 'Saint-Louis', country_code: 'SN' });
  });

  it('answers at most 10 places with their position, best first', async () => {
    const found = await places('q=saint');
    expect(found.length).toBe(10);
    expect(found[0]).toEqual(
      expect.objectContaining({
        lat: expect.any(Number),
        lng: expect.any(Number),
        name: expect.stringMatching(/^Saint/),
      }),
    );
  });

  it("names the country in the caller's language: Accept-Language, or lang", async () => {
    expect((await places('q=Thies', { 'accept-language': 'fr-FR,fr;q=0.9' }))[0]!.country_name).toBe('Sénégal');
    expect((await places('q=Thies&lang=fr'))[0]!.country_name).toBe('Sénégal');
    expect((await places('q=Thies&lang=en', { 'accept-language': 'fr' }))[0]!.country_name).toBe('Senegal');
  });

  it('finds nothing for a name no city has', async () => {
    expect(await places('q=zzqxw')).toEqual([]);
  });

  it.each([
    ['no q', ''],
    ['an empty q', 'q='],
    ['a too long q', `q=${'a'.repeat(101)}`],
    ['a bad near', 'q=Dakar&near=abc'],
    ['near out of range', 'q=Dakar&near=200,14'],
    ['an unknown lang', 'q=Dakar&lang=de'],
  ])('refuses %s with 400 VALIDATION', async (_what, query) => {
    const res = await get(`/api/places?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('GET /api/places/reverse', () => {
  it('names a point in Dakar: Dakar, Senegal, with its distance', async () => {
    const res = await get('/api/places/reverse?lat=14.69449&lng=-17.44509');
    expect(res.statusCode, res.body).toBe(200);
    const place = res.json().data;
    expect(place).toMatchObject({ name: 'Dakar', region: 'Dakar', country_code: 'SN', country_name: 'Senegal' });
    expect(place.distance_km).toBeGreaterThanOrEqual(0);
    expect(place.distance_km).toBeLessThan(2);
    expect(Object.keys(place).sort()).toEqual(['country_code', 'country_name', 'distance_km', 'name', 'region']);
  });

  it('names a point near Thiès in French', async () => {
    const res = await get('/api/places/reverse?lat=14.79&lng=-16.94&lang=fr');
    expect(res.json().data).toMatchObject({ name: 'Thiès', country_name: 'Sénégal' });
  });

  it.each([
    ['no lat', 'lng=-17.4'],
    ['a lat that is not a number', 'lat=abc&lng=-17.4'],
    ['a lat out of range', 'lat=91&lng=-17.4'],
    ['a lng out of range', 'lat=14&lng=181'],
  ])('refuses %s with 400 VALIDATION', async (_what, query) => {
    const res = await get(`/api/places/reverse?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('places without any loaded', () => {
  it('answers 404 NOT_FOUND to a reverse lookup and an empty list to a search', async () => {
    const empty = await buildTestApp({ PLACES_COUNTRIES: 'none' });
    try {
      const reverse = await empty.app.inject({ url: '/api/places/reverse?lat=14.69&lng=-17.44' });
      expect(reverse.statusCode).toBe(404);
      expect(reverse.json()).toMatchObject({ code: 'NOT_FOUND' });
      const search = await empty.app.inject({ url: '/api/places?q=Dakar' });
      expect(search.json().data).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe('coordinates the fuzz suite found', () => {
  it('answers a subnormal latitude (5e-324) as the equator, not with a 500', async () => {
    const res = await get('/api/places/reverse?lat=5e-324&lng=0');
    expect(res.statusCode, res.body).toBe(200);
    const near = await get('/api/places?q=Dakar&near=5e-324,5e-324');
    expect(near.statusCode, near.body).toBe(200);
  });
});
