// bench/load's request mix: what each kind of request asks for, built from the seeded data with a
// seeded random generator, so two runs send the same requests.

const round = (n) => n.toFixed(4);

/** The mix, by weight out of 1,000. Each kind builds its next request from the seeded data. */
export function requestKinds(data, { rng, screen, acceptEncoding, password, WORLD_PLACES, CATEGORIES, SEARCH_FIELDS }) {
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const places = WORLD_PLACES.flatMap((p) => Array(p.weight).fill(p));
  let account = 0;
  const viewport = (zoom, place, spread) => {
    const lng = place.lng + (rng() - 0.5) * spread;
    const lat = place.lat + (rng() - 0.5) * spread * 0.6;
    const halfLng = (360 * screen.width) / (256 * 2 ** zoom) / 2;
    const halfLat = Math.min(80, ((halfLng * screen.height) / screen.width) * Math.cos((lat * Math.PI) / 180));
    const bbox = [
      Math.max(-180, lng - halfLng),
      Math.max(-85, lat - halfLat),
      Math.min(180, lng + halfLng),
      Math.min(85, lat + halfLat),
    ];
    return `/api/solution/map?bbox=${bbox.map(round).join(',')}&zoom=${zoom}`;
  };
  const type = () => (rng() < 0.5 ? 'needSolution' : 'provideSolution');
  const get = (path) => ({ method: 'GET', path, headers: { 'accept-encoding': acceptEncoding } });
  const getSignedIn = (path) => ({
    method: 'GET',
    path,
    headers: { 'accept-encoding': acceptEncoding, 'access-token': pick(data.sessions) },
  });
  return [
    { name: 'map: street (z14-15)', weight: 120, next: () => get(viewport(14 + (rng() < 0.5), pick(places), 0.1)) },
    {
      name: 'map: city (z11-13)',
      weight: 160,
      next: () => get(viewport(11 + Math.floor(rng() * 3), pick(places), 0.2)),
    },
    { name: 'map: country (z6-8)', weight: 70, next: () => get(viewport(6 + Math.floor(rng() * 3), pick(places), 2)) },
    {
      name: 'map: continent (z2-4)',
      weight: 50,
      next: () => get(viewport(2 + Math.floor(rng() * 3), pick(places), 10)),
    },
    {
      name: 'list: newest',
      weight: 130,
      next: () => {
        const category = rng() < 0.3 ? `&category=${pick(CATEGORIES).id}` : '';
        return getSignedIn(`/api/solution/getAllSolutions/${type()}?limit=20${category}`);
      },
    },
    {
      name: 'list: nearest',
      weight: 120,
      next: () => {
        const place = pick(places);
        const near = `${round(place.lng + (rng() - 0.5) * 0.2)},${round(place.lat + (rng() - 0.5) * 0.2)}`;
        return getSignedIn(`/api/solution/getAllSolutions/${type()}?limit=20&near=${near}`);
      },
    },
    { name: 'details', weight: 200, next: () => getSignedIn(`/api/solution/getSolutionDetails/${pick(data.postIds)}`) },
    {
      name: 'search',
      weight: 140,
      next: () => {
        const field = rng() < 0.5 ? SEARCH_FIELDS[0] : pick(SEARCH_FIELDS);
        const text = pick(data.searchTexts[field]);
        return getSignedIn(`/api/solution/searchSolution/${type()}/${field}/${encodeURIComponent(text)}?limit=20`);
      },
    },
    {
      name: 'sign-in',
      weight: 10,
      next: () => ({
        method: 'POST',
        path: '/api/user/login',
        headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
        // Round robin: each account signs in a few times at most, under its own limit (10 in 15 min).
        body: JSON.stringify({ email: data.signIns[account++ % data.signIns.length], password }),
      }),
    },
  ];
}

/** What searches look for: country names (sometimes without accents, or cut short), sub-category and category words. */
export function searchTexts(WORLD_PLACES, CATEGORIES) {
  const plain = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const countries = [...new Set(WORLD_PLACES.map((p) => p.country))];
  const words = (labels) =>
    [...new Set(labels.flatMap((l) => l.split(/[\s,.'()/-]+/)).filter((w) => w.length >= 4))].map((w) =>
      w.toLowerCase(),
    );
  return {
    pickup_country: [...countries, ...countries.map(plain), ...countries.map((c) => plain(c).slice(0, 4))],
    sub_category: words(CATEGORIES.flatMap((c) => c.subcategories.flatMap((s) => [s.label.en, s.label.fr]))),
    category: words(CATEGORIES.flatMap((c) => [c.name.en, c.name.fr])),
  };
}
