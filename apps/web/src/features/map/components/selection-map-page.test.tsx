import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Location } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import type { SelectionMapProps } from './selection-map';
import { SelectionMapPage } from './selection-map-page';

// Leaflet draws in Chromium (e2e/map.test.ts); this stand-in clicks the map at a fixed point and
// reports its centre, as the real one does on load.
vi.mock('./selection-map', async () => {
  const { useEffect } = await import('react');
  return {
    SelectionMap: ({ label, onPick, onCentre, focus }: SelectionMapProps) => {
      useEffect(() => onCentre({ lat: 10, lng: 20 }), [onCentre]);
      return (
        <>
          <button type="button" onClick={() => onPick({ lat: 14.7, lng: -17.4 })}>
            {label}
          </button>
          <p data-testid="map-focus">{focus ? `${focus.lat},${focus.lng}` : 'none'}</p>
        </>
      );
    },
  };
});

const withState = (location: Location) => `${location.pathname} ${JSON.stringify(location.state)}`;
const categoryData = { category: 'Equipments', subCategoryId: 'equipment-own' };
const open = (state: unknown = { url: '/needsolutionForm', categoryData }) =>
  renderScreen(
    '/selectionmap/:type/:id',
    <SelectionMapPage title="Choose a location" />,
    { pathname: '/selectionmap/Equipments/equipment-own', state },
    withState,
  );
const arrived = async () => {
  const [path, state] = (await screen.findByTestId('elsewhere')).textContent!.split(' ');
  return { path, state: JSON.parse(state!) as Record<string, unknown> };
};

const locate = (coords: { latitude: number; longitude: number } | null) =>
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        coords ? ok({ coords } as GeolocationPosition) : fail({ code: 1 } as GeolocationPositionError),
    },
  });

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
  routeFetch({});
  locate({ latitude: 14.69, longitude: -17.44 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('the selection map (SPEC 2.3 item 6)', () => {
  it('passes the clicked point, category, subcategory and category data to the form named in state', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Map to choose the location of your post' }));
    expect(screen.getByRole('status').textContent).toBe('Chosen point: 14.7, -17.4');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await arrived()).toEqual({
      path: '/needsolutionForm',
      state: { lng: -17.4, lat: 14.7, category: 'Equipments', subCategoryId: 'equipment-own', categoryData },
    });
  });

  it("uses the user's position when nothing was clicked, and goes to the provide form by default", async () => {
    open(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await arrived()).toEqual({
      path: '/providesolutionForm',
      state: {
        lng: -17.44,
        lat: 14.69,
        category: 'Equipments',
        subCategoryId: 'equipment-own',
        categoryData: { category: 'Equipments', subCategoryId: 'equipment-own' },
      },
    });
  });

  it("offers keyboard alternatives: 'Use my position' and 'Choose the centre'", async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose the centre' }));
    expect(screen.getByRole('status').textContent).toBe('Chosen point: 10, 20');
    fireEvent.click(screen.getByRole('button', { name: 'Use my position' }));
    expect(screen.getByRole('status').textContent).toBe('Chosen point: 14.69, -17.44');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await arrived()).state).toMatchObject({ lat: 14.69, lng: -17.44 });
  });

  it('falls back on the map centre without a position', async () => {
    locate(null);
    open();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your position is not available: tap the map or choose its centre.',
    );
    expect(screen.getByRole('button', { name: 'Use my position' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await arrived()).state).toMatchObject({ lat: 10, lng: 20 });
  });
});

const THIES = { name: 'Thiès', region: 'Thies', country_code: 'SN', country_name: 'Senegal' };
const DAKAR = { name: 'Dakar', region: 'Dakar', country_code: 'SN', country_name: 'Senegal', distance_km: 0.4 };

describe('place names on the selection map (D-26)', () => {
  it('names the clicked point by its nearest city and gives the form its city and country', async () => {
    const fetchMock = routeFetch({ 'GET /api/places/reverse': [200, { data: DAKAR }] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Map to choose the location of your post' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Chosen point: near Dakar, Senegal'));
    const [asked] = callsTo(fetchMock, 'GET /api/places/reverse');
    expect(Object.fromEntries(new URL(String(asked![0]), 'http://x').searchParams)).toEqual({
      lat: '14.7',
      lng: '-17.4',
      lang: 'en',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const state = (await arrived()).state;
    expect(state).toMatchObject({ lat: 14.7, lng: -17.4, city: 'Dakar', country: 'SN' });
    // The region Dakar only repeats the city Dakar: the form's Region is left to the user.
    expect(state).not.toHaveProperty('region');
  });

  it('finds a place by name near the map centre, picked by keyboard, and moves the map there', async () => {
    const fetchMock = routeFetch({
      'GET /api/places': [
        200,
        {
          data: [
            { ...THIES, lat: 14.791, lng: -16.925 },
            { ...THIES, name: 'Thiès Nones', lat: 14.78, lng: -16.96 },
          ],
        },
      ],
    });
    open();
    const box = await screen.findByRole('combobox', { name: 'Find a place' });
    fireEvent.change(box, { target: { value: 'thies' } });
    const options = await screen.findAllByRole('option');
    // The region is left out where it only repeats the name without accents.
    expect(options.map((o) => o.textContent)).toEqual(['Thiès, Senegal', 'Thiès Nones, Thies, Senegal']);
    // Debounced: one request for the whole word, ranked near the map's centre (lng 20, lat 10).
    const calls = callsTo(fetchMock, 'GET /api/places');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(new URL(String(calls[0]![0]), 'http://x').searchParams)).toEqual({
      q: 'thies',
      near: '20,10',
      lang: 'en',
    });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('Chosen point: near Thiès, Senegal');
    expect(screen.getByTestId('map-focus').textContent).toBe('14.791,-16.925');
    expect(screen.queryByRole('option')).toBeNull();
    // The place names itself: no reverse lookup.
    expect(callsTo(fetchMock, 'GET /api/places/reverse')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await arrived()).state).toMatchObject({ lat: 14.791, lng: -16.925, city: 'Thiès', country: 'SN' });
  });

  it('picks a place by click, says when nothing is found, and closes the list with Escape', async () => {
    routeFetch({ 'GET /api/places': () => [200, { data: [] }] });
    open();
    const box = await screen.findByRole('combobox', { name: 'Find a place' });
    fireEvent.change(box, { target: { value: 'zzqxw' } });
    expect(await screen.findByText('No place found')).toBeInTheDocument();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');

    routeFetch({ 'GET /api/places': [200, { data: [{ ...THIES, lat: 14.791, lng: -16.925 }] }] });
    fireEvent.change(box, { target: { value: 'Thiès' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Thiès, Senegal' }));
    expect(screen.getByRole('status').textContent).toBe('Chosen point: near Thiès, Senegal');
  });

  it('keeps the coordinates when the point has no name (the lookup failed)', async () => {
    routeFetch({ 'GET /api/places/reverse': [404, { code: 'NOT_FOUND', message: 'Not found' }] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Map to choose the location of your post' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status').textContent).toBe('Chosen point: 14.7, -17.4');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await arrived()).state).not.toHaveProperty('city');
  });
});
