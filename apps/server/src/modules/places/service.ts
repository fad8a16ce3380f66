// D-26: place search and reverse lookup, each country named in the caller's language.
import type { Place, PlaceLabel, PlaceLabelsQuery, PlacesQuery, ReversePlace, ReverseQuery } from '@app/shared';
import { PLACES_LIMIT } from '@app/shared';
import { labelCells, labelDecimals, placeLabels } from './label-grid.js';
import type { Db } from '../../db/client.js';
import { countryName, type CountryLanguage } from '../../lib/countries.js';
import { placesRepository, type PlaceRow } from './repository.js';

export type PlaceLanguage = CountryLanguage;

export function buildPlacesService(db: Db) {
  const repo = placesRepository(db);
  const named = (row: PlaceRow, language: PlaceLanguage) => ({
    name: row.name,
    region: row.region,
    country_code: row.country_code,
    country_name: countryName(row.country_code, language),
  });
  return {
    async search(query: PlacesQuery, language: PlaceLanguage): Promise<Place[]> {
      const rows = await repo.search(query.q, query.near, PLACES_LIMIT);
      return rows.map((row) => ({ ...named(row, language), lat: row.lat, lng: row.lng }));
    },

    /** The names a map without street tiles draws: the largest place per part of the view. */
    async labels(query: PlaceLabelsQuery): Promise<PlaceLabel[]> {
      const candidates = await repo.largestIn(labelCells(query.bbox, query.zoom));
      const rows = placeLabels(candidates, query.zoom, query.bbox[0]);
      const factor = 10 ** labelDecimals(query.zoom);
      const round = (degrees: number) => Math.round(degrees * factor) / factor;
      return rows.map((row) => ({
        name: row.name,
        lat: round(row.lat),
        lng: round(row.lng),
        population: row.population,
      }));
    },

    /** The nearest city, or null when no place is loaded at all. */
    async reverse(query: ReverseQuery, language: PlaceLanguage): Promise<ReversePlace | null> {
      const row = await repo.nearest(query.lng, query.lat);
      if (!row) return null;
      return { ...named(row, language), distance_km: Math.round(row.distance_km * 10) / 10 };
    },
  };
}
