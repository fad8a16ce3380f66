import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { page, solution } from '../../../testing/post-fixtures';
import { ClientsPage, SuppliersPage } from './posts-list-page';

// Leaflet is not what these tests are about: the map shows how many posts it was given.
vi.mock('./list-map', () => ({
  ListMap: ({ items, label }: { items: unknown[]; label: string }) => (
    <p data-testid="list-map" aria-label={label}>
      {items.length}
    </p>
  ),
}));

const urlsOf = (fetchMock: ReturnType<typeof routeFetch>) =>
  fetchMock.mock.calls.map(([input]) => decodeURIComponent(String(input)));

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Clients and Suppliers lists (SPEC 2.3 items 7 and 25)', () => {
  it('shows "No Results" when the list is empty', async () => {
    routeFetch({ 'GET /api/solution/getAllSolutions/needSolution': [200, page([])] });
    renderScreen('/clients', <ClientsPage />);
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('A Need of a Clients');
    expect(screen.getByRole('heading', { level: 2, name: 'List of Clients' })).toBeInTheDocument();
  });

  it('lists offers newest first as cards opening their detail, with badges and no delete control', async () => {
    const fetchMock = routeFetch({
      'GET /api/solution/getAllSolutions/provideSolution': [
        200,
        page([solution({ user: { _id: 'u2', firstName: 'Moussa', verified: true, vip: true } })]),
      ],
    });
    renderScreen('/suppliers', <SuppliersPage />);
    const link = await screen.findByRole('link', { name: /Tractor \(per day\)/ });
    expect(link.getAttribute('href')).toBe('/supplierdetails/s1/u2');
    expect(link.textContent).toContain('$15.00');
    expect(link.textContent).toContain('Dakar, Senegal');
    expect(link.textContent).toContain('+ID');
    expect(link.textContent).toContain('VIP');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('A Solution of a Supplier');
    expect(screen.getByTestId('list-map').textContent).toBe('1');
    expect(urlsOf(fetchMock)[0]).toBe('/api/solution/getAllSolutions/provideSolution?currency=fr&lang=en&limit=20');
  });

  it("names the post's country in the reader's language", async () => {
    localStorage.setItem('language', 'fr-ca');
    routeFetch({
      'GET /api/solution/getAllSolutions/provideSolution': [
        200,
        page([solution(), solution({ _id: 's2', pickup_city: 'Kinshasa', pickup_country: 'CD' })]),
      ],
    });
    renderScreen('/suppliers', <SuppliersPage />);
    const links = await screen.findAllByRole('link', { name: /Tractor \(per day\)|Tracteur/ });
    expect(links.map((l) => l.querySelector('.deal-card-line')?.textContent)).toEqual([
      'Dakar, Sénégal',
      `Kinshasa, ${new Intl.DisplayNames(['fr-CA'], { type: 'region' }).of('CD')}`,
    ]);
  });

  it('loads the next page with next_cursor on "Load more"', async () => {
    const fetchMock = routeFetch({
      'GET /api/solution/getAllSolutions/needSolution': () =>
        callsTo(fetchMock, 'GET /api/solution/getAllSolutions/needSolution').length === 1
          ? [200, page([solution({ _id: 'a', user_role: 'needSolution' })], 'next-1')]
          : [
              200,
              page([
                solution({
                  _id: 'b',
                  user_role: 'needSolution',
                  sub_category: { en: 'Room', fr: 'Chambre' },
                  title: 'Room',
                }),
              ]),
            ],
    });
    renderScreen('/clients', <ClientsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Room/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(urlsOf(fetchMock).at(-1)).toContain('cursor=next-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('lists nearest first with near=lng,lat when the position is known, newest first when turned off', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 14.5, longitude: -17.25 } } as GeolocationPosition),
      },
    });
    const fetchMock = routeFetch({
      'GET /api/solution/getAllSolutions/needSolution': [200, page([solution({ distance_km: 2.3 })])],
    });
    renderScreen('/clients', <ClientsPage />);
    const toggle = await screen.findByRole('button', { name: 'Nearest first' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    // One request, already nearest first: the list waited for the position.
    const link = await screen.findByRole('link', { name: /Tractor/ });
    expect(urlsOf(fetchMock)).toEqual([
      '/api/solution/getAllSolutions/needSolution?currency=fr&lang=en&limit=20&near=-17.25,14.5',
    ]);
    expect(link.textContent).toMatch(/2\.3 km away · posted \d+ \w+ ago/);

    fireEvent.click(toggle);
    await waitFor(() => expect(urlsOf(fetchMock).at(-1)).not.toContain('near='));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the newest first, without a word about it, when the position is refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, no: PositionErrorCallback) => no({} as GeolocationPositionError),
      },
    });
    const fetchMock = routeFetch({ 'GET /api/solution/getAllSolutions/needSolution': [200, page([solution()])] });
    renderScreen('/clients', <ClientsPage />);
    const link = await screen.findByRole('link', { name: /Tractor/ });
    expect(urlsOf(fetchMock)).toEqual(['/api/solution/getAllSolutions/needSolution?currency=fr&lang=en&limit=20']);
    expect(link.textContent).not.toContain('km away');
    expect(link.textContent).toMatch(/posted \d+ \w+ ago/);
    expect(screen.queryByText(/position is not available/)).toBeNull();
  });

  it('searches one field from the Search modal and clears the search', async () => {
    const fetchMock = routeFetch({
      'GET /api/solution/getAllSolutions/needSolution': [200, page([])],
      "GET /api/solution/searchSolution/needSolution/category/cote%20d'ivoire": [
        200,
        page([solution({ user_role: 'needSolution', pickup_country: "Côte d'Ivoire" })]),
      ],
    });
    renderScreen('/clients', <ClientsPage />);
    await screen.findByText('No Results');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    // pickup_country is the default field.
    expect(within(dialog).getByRole('radio', { name: 'Country' })).toHaveProperty('checked', true);
    fireEvent.change(within(dialog).getByLabelText('Search for'), { target: { value: "  cote d'ivoire " } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Category' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('link', { name: /Tractor/ })).toBeInTheDocument();
    const searched = fetchMock.mock.calls.map(([input]) => String(input)).find((u) => u.includes('searchSolution'));
    expect(searched).toBe(
      "/api/solution/searchSolution/needSolution/category/cote%20d'ivoire?currency=fr&lang=en&limit=20",
    );
    expect(screen.getByText("Results for “cote d'ivoire” in Category")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nearest first' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(screen.queryByText(/Results for/)).toBeNull();
  });

  it('sends pickup_country when no field is chosen', async () => {
    const fetchMock = routeFetch({
      'GET /api/solution/getAllSolutions/provideSolution': [200, page([])],
      'GET /api/solution/searchSolution/provideSolution/pickup_country/Niger': [200, page([])],
    });
    renderScreen('/suppliers', <SuppliersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    fireEvent.change(within(dialog).getByLabelText('Search for'), { target: { value: 'Niger' } });
    fireEvent.submit(within(dialog).getByRole('search'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/solution/searchSolution/provideSolution/pickup_country/Niger')).toHaveLength(
        1,
      ),
    );
    expect(await screen.findByText('No Results')).toBeInTheDocument();
  });

  it('asks for two letters before searching by country, and sends nothing for one', async () => {
    const fetchMock = routeFetch({
      'GET /api/solution/getAllSolutions/provideSolution': [200, page([])],
      'GET /api/solution/searchSolution/provideSolution/pickup_country/Ni': [200, page([])],
    });
    renderScreen('/suppliers', <SuppliersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    const input = within(dialog).getByLabelText('Search for');
    fireEvent.change(input, { target: { value: 'N' } });
    const hint = within(dialog).getByText('Type at least 2 letters of the country.');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    expect((within(dialog).getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(within(dialog).getByRole('search'));
    // Another field takes one letter.
    fireEvent.click(within(dialog).getByLabelText('Category'));
    expect(within(dialog).queryByText('Type at least 2 letters of the country.')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('Country'));
    fireEvent.change(input, { target: { value: 'Ni' } });
    fireEvent.submit(within(dialog).getByRole('search'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/solution/searchSolution/provideSolution/pickup_country/Ni')).toHaveLength(1),
    );
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('pickup_country/N?'))).toEqual([]);
  });
});
