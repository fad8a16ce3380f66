import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Location } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORY_BAR_SCROLL_PX, LOCATION_MODAL_DELAY_MS } from '@app/shared';
import { renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { requestPosition } from '../../../lib/position';
import { MapScreen } from './map-screen';
import type { PostsMapProps } from './posts-map';

// Leaflet draws in Chromium (e2e/map.test.ts); here the controls around the map are tested.
vi.mock('./posts-map', () => ({
  PostsMap: (props: PostsMapProps) => (
    <div
      data-testid="posts-map"
      data-category={props.category ?? ''}
      data-zoom={props.zoom}
      data-asked={props.asked.status === 'ready' ? `${props.asked.lat},${props.asked.lng}` : props.asked.status}
    >
      {props.label}
    </div>
  ),
}));

const withState = (location: Location) => `${location.pathname} ${JSON.stringify(location.state)}`;
const renderMap = () => renderScreen('/dashboard', <MapScreen title="Map" />, '/dashboard', withState);

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
  localStorage.setItem('tooltip', 'false');
  signIn(testUser());
  routeFetch({});
  locate({ latitude: 14.69, longitude: -17.44 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('the map screen (SPEC 2.3 items 1 and 2)', () => {
  it("names the map and opens it at the user's city (zoom 12, D-25), not a street's zoom 15", async () => {
    renderMap();
    const map = await screen.findByTestId('posts-map');
    expect(map.textContent).toBe('Map of needs and offers');
    expect(map.dataset.zoom).toBe('12');
    expect(screen.getByRole('heading', { level: 1, name: 'Map' })).toBeInTheDocument();
  });

  it('has a bar of the 12 categories, one chosen at a time, that filters the map', async () => {
    renderMap();
    const bar = await screen.findByRole('group', { name: 'Categories' });
    const chips = bar.querySelectorAll('button[aria-pressed]');
    expect(chips).toHaveLength(12);
    expect(bar.textContent).not.toContain('Sell/Buy');
    fireEvent.click(screen.getByRole('button', { name: 'Equipments' }));
    expect(screen.getByRole('button', { name: 'Equipments' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('posts-map').dataset.category).toBe('Equipments');
    fireEvent.click(screen.getByRole('button', { name: 'Space' }));
    expect(screen.getByRole('button', { name: 'Equipments' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Space' }).getAttribute('aria-pressed')).toBe('true');
    // Pressing the chosen one again shows every category.
    fireEvent.click(screen.getByRole('button', { name: 'Space' }));
    expect(screen.getByTestId('posts-map').dataset.category).toBe('');
  });

  it(`scrolls the category bar by ${CATEGORY_BAR_SCROLL_PX} px with the right arrow`, async () => {
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: 'More categories' }));
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: CATEGORY_BAR_SCROLL_PX }));
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollBy');
  });

  it('asks to choose a category first when + is pressed without one (SPEC 8)', async () => {
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: 'Post a need or an offer' }));
    expect(screen.getByRole('alert').textContent).toBe('please select the category from above bar');
    expect(document.querySelector('dialog[open]')).toBeNull();
    // Choosing a category clears the alert.
    fireEvent.click(screen.getByRole('button', { name: 'Delivery' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("opens 'Post as a' with a category, and Client leads to the selection map with the need form in state", async () => {
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: 'Equipments' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post a need or an offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Post as a' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('button', { name: 'Solution Provider' }).className).toContain('button-offer');
    expect(screen.getByRole('button', { name: 'Client' }).className).toContain('button-need');
    fireEvent.click(screen.getByRole('button', { name: 'Client' }));
    const [path, state] = (await screen.findByTestId('elsewhere')).textContent!.split(' ');
    expect(path).toBe('/selectionmap/Equipments/equipment-own');
    expect(JSON.parse(state!)).toEqual({
      url: '/needsolutionForm',
      categoryData: { category: 'Equipments', subCategoryId: 'equipment-own' },
    });
  });

  it('sends Solution Provider to the provide form', async () => {
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: 'Transport' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post a need or an offer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Solution Provider' }));
    const [path, state] = (await screen.findByTestId('elsewhere')).textContent!.split(' ');
    expect(path).toBe('/selectionmap/Transport/transport-own');
    expect(JSON.parse(state!)).toMatchObject({ url: '/providesolutionForm' });
  });

  it(`opens the location modal after ${LOCATION_MODAL_DELAY_MS} ms without coordinates, and it closes`, () => {
    vi.useFakeTimers();
    locate(null);
    renderMap();
    expect(document.querySelector('dialog[open]')).toBeNull();
    act(() => vi.advanceTimersByTime(LOCATION_MODAL_DELAY_MS));
    const dialog = screen.getByRole('dialog', { name: 'Location required' });
    expect(dialog.textContent).toContain(
      'Make sure that the location is on, and then refresh the page to be able to see Business-Opportunities on the map.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it("counts the 500 ms from the page's first ask: a refusal heard earlier opens the modal with the map", () => {
    vi.useFakeTimers();
    locate(null);
    requestPosition(() => undefined); // The map pages' early script, before the app starts.
    act(() => vi.advanceTimersByTime(LOCATION_MODAL_DELAY_MS));
    renderMap();
    expect(screen.getByRole('dialog', { name: 'Location required' })).toBeVisible();
  });

  it('waits the rest of the 500 ms when the page asked less than 500 ms ago', () => {
    vi.useFakeTimers();
    locate(null);
    requestPosition(() => undefined);
    act(() => vi.advanceTimersByTime(LOCATION_MODAL_DELAY_MS - 100));
    renderMap();
    expect(document.querySelector('dialog[open]')).toBeNull();
    act(() => vi.advanceTimersByTime(99));
    expect(document.querySelector('dialog[open]')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Location required' })).toBeVisible();
  });

  it("counts the 500 ms from the page's start when it asked as it loaded (the map's first view)", () => {
    vi.useFakeTimers();
    locate(null);
    act(() => vi.advanceTimersByTime(LOCATION_MODAL_DELAY_MS - 200)); // The early script downloads.
    requestPosition(() => undefined, { asPageLoads: true });
    act(() => vi.advanceTimersByTime(199));
    renderMap();
    expect(document.querySelector('dialog[open]')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Location required' })).toBeVisible();
  });

  it('opens at the position the page already heard, with no modal however late it mounts', () => {
    vi.useFakeTimers();
    requestPosition(() => undefined);
    act(() => vi.advanceTimersByTime(LOCATION_MODAL_DELAY_MS * 4));
    // The browser is slow to answer again: the screen still has the page's position.
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: () => undefined },
    });
    renderMap();
    expect(screen.getByTestId('posts-map').dataset.asked).toBe('14.69,-17.44');
    act(() => vi.advanceTimersByTime(LOCATION_MODAL_DELAY_MS * 4));
    expect(document.querySelector('dialog[open]')).toBeNull();
  });

  it('does not open the location modal when the position is known', () => {
    vi.useFakeTimers();
    renderMap();
    act(() => vi.advanceTimersByTime(LOCATION_MODAL_DELAY_MS * 4));
    expect(document.querySelector('dialog[open]')).toBeNull();
  });
});
