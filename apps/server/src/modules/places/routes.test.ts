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

describe('GET /api/places/labels', () => {
  type Label = { name: string; lat: number; lng: number; population: number };
  const labels = async (query: string) => {
    const res = await get(`/api/places/labels?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { labels: res.json().data as Label[], res };
  };
  // Dakar to Thiès on a 1280 × 800 screen at zoom 9, and a phone's view of Thiès at zoom 12.
  const DAKAR_THIES_Z9 = 'bbox=-18.95,13.68,-15.43,15.80&zoom=9';
  const THIES_PHONE_Z12 = 'bbox=-16.994,14.674,-16.866,14.906&zoom=12';
  const WEST_AFRICA_Z6 = 'bbox=-31.25,6.24,-3.13,23.24&zoom=6';

  it('names Dakar and Thiès in a view of both, the largest place per part of it, largest first', async () => {
    const { labels: found, res } = await labels(DAKAR_THIES_Z9);
    const names = found.map((l) => l.name);
    expect(names).toContain('Dakar');
    expect(names).toContain('Thiès');
    expect(found.length).toBeGreaterThan(5);
    expect(found.length).toBeLessThanOrEqual(40);
    expect(new Set(names).size).toBe(names.length);
    const populations = found.map((l) => l.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    for (const label of found) {
      expect(Object.keys(label).sort()).toEqual(['lat', 'lng', 'name', 'population']);
      expect(label.lng).toBeGreaterThanOrEqual(-18.95);
      expect(label.lng).toBeLessThanOrEqual(-15.43);
    }
    // The same for everybody: shared caches and the service worker keep it.
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('names Thiès on a phone at street zoom, with 4 decimals at most', async () => {
    const { labels: found } = await labels(THIES_PHONE_Z12);
    expect(found.map((l) => l.name)).toContain('Thiès');
    for (const { lat, lng } of found) {
      expect(Math.round(lat * 1e4) / 1e4).toBe(lat);
      expect(Math.round(lng * 1e4) / 1e4).toBe(lng);
    }
  });

  it('names Dakar zoomed out over West Africa, in at most 40 names of 2 decimals', async () => {
    const { labels: found } = await labels(WEST_AFRICA_Z6);
    expect(found.map((l) => l.name)).toContain('Dakar');
    expect(found.length).toBeLessThanOrEqual(40);
    for (const { lat } of found) expect(Math.round(lat * 100) / 100).toBe(lat);
  });

  it('answers a view across the antimeridian, and an empty sea, with a list', async () => {
    expect((await labels('bbox=170,-20,-170,-10&zoom=5')).labels).toEqual(expect.any(Array));
    expect((await labels('bbox=-30,-10,-29,-9&zoom=9')).labels).toEqual([]);
  });

  it.each([
    ['no bbox', 'zoom=9'],
    ['no zoom', 'bbox=-18,13,-16,15'],
    ['a bbox that is not numbers', 'bbox=a,b,c,d&zoom=9'],
    ['a bbox of three numbers', 'bbox=-18,13,-16&zoom=9'],
    ['south above north', 'bbox=-18,15,-16,13&zoom=9'],
    ['a latitude out of range', 'bbox=-18,13,-16,95&zoom=9'],
    ['a zoom past 22', 'bbox=-18,13,-16,15&zoom=23'],
    ['a zoom that is not whole', 'bbox=-18,13,-16,15&zoom=9.5'],
    ['a view wider than any screen at its zoom', 'bbox=-30,0,10,20&zoom=12'],
  ])('refuses %s with 400 VALIDATION', async (_what, query) => {
    const res = await get(`/api/places/labels?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});
