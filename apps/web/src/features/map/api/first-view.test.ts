import { CRS, latLng, point } from 'leaflet';
import { describe, expect, it } from 'vitest';
import { boundsAround, covers } from './first-view';

describe('the first view asked for at start-up', () => {
  it("has Leaflet's bounds for a view of that size around the position", () => {
    const centre = { lat: 14.6928, lng: -17.4467 };
    const zoom = 12;
    const c = CRS.EPSG3857.latLngToPoint(latLng(centre.lat, centre.lng), zoom);
    const nw = CRS.EPSG3857.pointToLatLng(c.subtract(point(412 / 2, 823 / 2)), zoom);
    const se = CRS.EPSG3857.pointToLatLng(c.add(point(412 / 2, 823 / 2)), zoom);
    const b = boundsAround(centre, zoom, 412, 823);
    expect(b.west).toBeCloseTo(nw.lng, 9);
    expect(b.north).toBeCloseTo(nw.lat, 9);
    expect(b.east).toBeCloseTo(se.lng, 9);
    expect(b.south).toBeCloseTo(se.lat, 9);
  });

  it('is used for a view it holds, and not across the antimeridian', () => {
    expect(covers([-18, 14, -17, 15], [-17.6, 14.5, -17.2, 14.9])).toBe(true);
    expect(covers([-18, 14, -17, 15], [-17.6, 14.5, -16.9, 14.9])).toBe(false);
    expect(covers([-18, 14, -17, 15], [-18.1, 14.5, -17.2, 14.9])).toBe(false);
    expect(covers([179, 0, -179, 1], [179.5, 0.2, 179.8, 0.8])).toBe(false);
  });
});
