import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { page, solution } from '../../../testing/post-fixtures';
import { PostSearch } from './post-search';
import { CategoryPosts } from './category-posts';

const urlsOf = (fetchMock: ReturnType<typeof routeFetch>) =>
  fetchMock.mock.calls.map(([input]) => decodeURIComponent(String(input)));
const searchUrls = (fetchMock: ReturnType<typeof routeFetch>) =>
  urlsOf(fetchMock).filter((u) => u.startsWith('/api/solution/search?'));

const at = (latitude: number, longitude: number) =>
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude, longitude } } as GeolocationPosition),
    },
  });
const refused = () =>
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (_ok: PositionCallback, no: PositionErrorCallback) => no({} as GeolocationPositionError),
    },
  });

const freezer = solution({
  _id: 'f1',
  title: 'Chest freezer, 300 litres',
  description: 'Works well, collect in Plateau.',
  distance_km: 2.3,
  created_at: new Date(Date.now() - 2 * 3600_000 - 60_000).toISOString(),
});

const renderSearch = (path = '/dashboard') =>
  renderScreen(
    '/dashboard',
    <PostSearch variant="overlay">
      <p>{'The list'}</p>
    </PostSearch>,
    path,
  );

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the one search box', () => {
  it('finds "freezer" nearest first, with the title, "2.3 km away" and "posted 2 hours ago" on the card', async () => {
    at(14.69, -17.44);
    const fetchMock = routeFetch({ 'GET /api/solution/search': [200, page([freezer])] });
    renderSearch();
    expect(screen.getByText('The list')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Words to find' });
    fireEvent.change(box, { target: { value: 'freezer' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search posts' }));

    const link = await screen.findByRole('link', { name: /Chest freezer, 300 litres/ });
    expect(link.getAttribute('href')).toBe('/supplierdetails/f1/u2');
    expect(link.textContent).toContain('2.3 km away · posted 2 hours ago');
    expect(screen.getByRole('heading', { name: 'Results for “freezer”' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('1 post found, nearest first.');
    expect(screen.queryByText('The list')).toBeNull();
    expect(searchUrls(fetchMock)).toEqual([
      '/api/solution/search?currency=fr&lang=en&limit=20&q=freezer&near=-17.44,14.69',
    ]);
  });

  it('sends every filter: need or offer, category, distance and a price range in the user currency', async () => {
    at(14.69, -17.44);
    localStorage.setItem('currency', 'euro');
    const fetchMock = routeFetch({ 'GET /api/solution/search': [200, page([])] });
    const { router } = renderSearch();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByLabelText('Needs or offers'), { target: { value: 'needSolution' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Equipments' } });
    await waitFor(() => expect((screen.getByLabelText('Distance') as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Distance'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Lowest price, in Euro (€)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Highest price, in Euro (€)'), { target: { value: '99.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply the filters' }));

    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(searchUrls(fetchMock)).toEqual([
      '/api/solution/search?currency=euro&lang=en&limit=20&q=&type=needSolution&category=Equipments&near=-17.44,14.69&radius_km=25&min_price=10&max_price=99.50',
    ]);
    // The search is in the address bar, so Back and a shared link keep it.
    expect(router.state.location.search).toBe(
      '?type=needSolution&category=Equipments&radius_km=25&min_price=10&max_price=99.50',
    );
    expect(screen.getByRole('heading', { name: 'Search results' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (5)' })).toBeInTheDocument();
  });

  it('offers no distance without a position, and searches everywhere newest first', async () => {
    refused();
    const fetchMock = routeFetch({ 'GET /api/solution/search': [200, page([solution()])] });
    renderSearch('/dashboard?q=tracteur');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const distance = screen.getByLabelText('Distance') as HTMLSelectElement;
    expect(distance.disabled).toBe(true);
    expect(document.getElementById(distance.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Turn on your location to search by distance.',
    );
    expect(await screen.findByRole('link', { name: /Tractor/ })).toBeInTheDocument();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('tracteur');
    expect(screen.getByRole('status').textContent).toBe('1 post found, newest first.');
    expect(searchUrls(fetchMock)).toEqual(['/api/solution/search?currency=fr&lang=en&limit=20&q=tracteur']);
  });

  it('clears the search with "Clear search", back to what was there, the box focused', async () => {
    refused();
    routeFetch({ 'GET /api/solution/search': [200, page([])] });
    const { router } = renderSearch('/dashboard?q=freezer&other=kept');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear search' }));
    expect(screen.getByText('The list')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?other=kept');
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('says what went wrong and tries again', async () => {
    refused();
    let fail = true;
    routeFetch({
      'GET /api/solution/search': () => (fail ? [500, { code: 'INTERNAL', message: '' }] : [200, page([solution()])]),
    });
    renderSearch('/dashboard?q=x');
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Tractor/ })).toBeInTheDocument();
  });
});

describe('the posts of a category', () => {
  it('lists the category’s posts nearest first under the presets', async () => {
    at(14.69, -17.44);
    const fetchMock = routeFetch({ 'GET /api/solution/search': [200, page([freezer])] });
    renderScreen('/equipments', <CategoryPosts category="Equipments" />);
    expect(await screen.findByRole('heading', { name: 'Posts in this category, nearest first' })).toBeInTheDocument();
    expect((await screen.findByRole('link', { name: /Chest freezer/ })).textContent).toContain('2.3 km away');
    expect(searchUrls(fetchMock)).toEqual([
      '/api/solution/search?currency=fr&lang=en&limit=20&q=&category=Equipments&near=-17.44,14.69',
    ]);
  });

  it('says so when the category has no post yet, newest first without a position', async () => {
    refused();
    const fetchMock = routeFetch({ 'GET /api/solution/search': [200, page([])] });
    renderScreen('/equipments', <CategoryPosts category="Equipments" />);
    expect(await screen.findByText('No posts in this category yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Posts in this category, newest first' })).toBeInTheDocument();
    expect(searchUrls(fetchMock)).toEqual(['/api/solution/search?currency=fr&lang=en&limit=20&q=&category=Equipments']);
  });
});
