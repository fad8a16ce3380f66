import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Location } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import type { SelectionMapProps } from './selection-map';
import { SelectionMapPage } from './selection-map-page';

// Leaflet draws in Chromium (e2e/map.test.ts); this stand-in clicks the map at a fixed point and
// reports its centre, as the real one does on load.
vi.mock('./selection-map', async () => {
  const { useEffect } = await import('react');
  return {
    SelectionMap: ({ label, onPick, onCentre }: SelectionMapProps) => {
      useEffect(() => onCentre({ lat: 10, lng: 20 }), [onCentre]);
      return (
        <button type="button" onClick={() => onPick({ lat: 14.7, lng: -17.4 })}>
          {label}
        </button>
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
