import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { solution } from '../../../testing/post-fixtures';
import { ClientNeedsMatchPage, ClientOfferAcceptPage, SupplierSolutionPage } from './acceptance-pages';

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/suppliersolution/:id (SPEC 2.3 item 9)', () => {
  const accepted = solution({
    status: 'Accepted',
    category: 'Delivery',
    sub_category: { en: 'Your own proposition...', fr: 'Votre propre proposition...' },
    sub_category_id: 'delivery-own',
    title: 'Boxes to Thiès',
    display_price: '$20.00',
    delivery_city: 'Thiès',
    delivery_country: 'SN',
    delivery_date: '2026-12-05',
    user: {
      _id: 'u2',
      firstName: 'Moussa',
      verified: false,
      vip: false,
      email: 'm@example.org',
      mobile_no: '+221771234567',
    },
  });

  it('shows the post from router state, the Important note and, for an own proposition, the price', async () => {
    const fetchMock = routeFetch({});
    renderScreen('/suppliersolution/:id', <SupplierSolutionPage title="Supplier's Solution" />, {
      pathname: '/suppliersolution/s1',
      state: { solutionData: accepted },
    });
    expect(await screen.findByRole('heading', { name: 'Important note' })).toBeInTheDocument();
    expect(screen.getByText(/A notification\/SMS has been sent to the provider/)).toBeInTheDocument();
    // D-30: the service is named by the post's title, never "Your own proposition...".
    expect(screen.getByText('Boxes to Thiès')).toBeInTheDocument();
    expect(screen.queryByText('Your own proposition...')).toBeNull();
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    expect(screen.getByText('Thiès, Senegal')).toBeInTheDocument();
    expect(screen.getByText('m@example.org')).toBeInTheDocument();
    expect(screen.getByText('+221 77 123 45 67')).toBeInTheDocument();
    await requestsReceived();
    expect(callsTo(fetchMock, 'GET /api/solution/getSolutionDetails/s1')).toHaveLength(0);
  });

  it('loads the post by its address alone (a reload), and hides a preset price', async () => {
    const preset = solution({ status: 'Accepted' });
    routeFetch({ 'GET /api/solution/getSolutionDetails/s1': [200, { data: preset }] });
    renderScreen('/suppliersolution/:id', <SupplierSolutionPage title="Supplier's Solution" />, '/suppliersolution/s1');
    expect(await screen.findByText('Tractor (per day)')).toBeInTheDocument();
    expect(screen.queryByText('$15.00')).toBeNull();
    expect(screen.queryByText('Price')).toBeNull();
  });

  it('Accept goes on to /clientofferaccept/{id}', async () => {
    routeFetch({});
    renderScreen('/suppliersolution/:id', <SupplierSolutionPage title="Supplier's Solution" />, {
      pathname: '/suppliersolution/s1',
      state: { solutionData: accepted },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/clientofferaccept/s1'));
  });

  it('No drops the order and returns to /suppliers', async () => {
    const fetchMock = routeFetch({ 'PUT /api/solution/rejectSolution': [204] });
    renderScreen('/suppliersolution/:id', <SupplierSolutionPage title="Supplier's Solution" />, {
      pathname: '/suppliersolution/s1',
      state: { solutionData: accepted },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/suppliers'));
    const [, init] = callsTo(fetchMock, 'PUT /api/solution/rejectSolution')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ user_id: 'u1', solution_id: 's1' });
  });
});

describe('/clientofferaccept', () => {
  it("says the request was sent to the offer's owner and points to My Orders", async () => {
    routeFetch({ 'GET /api/solution/getSolutionDetails/s1': [200, { data: solution({ status: 'Accepted' }) }] });
    renderScreen('/clientofferaccept/:id', <ClientOfferAcceptPage title="Offer accepted" />, '/clientofferaccept/s1');
    expect(
      await screen.findByText(
        'Your request was sent. Moussa compares the requests and chooses; you will find yours in My Orders.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See My Orders' }).getAttribute('href')).toBe('/myorders');
  });

  it('without an id nor a post says No Data Found', async () => {
    routeFetch({});
    renderScreen('/clientofferaccept', <ClientOfferAcceptPage title="Offer accepted" />);
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });
});

describe('/clientneedsmatch/:id, the payment choice (SPEC 2.3 item 10, D-15)', () => {
  const need = solution({ user_role: 'needSolution', sub_category_price_dollar: '15.00' });

  it('shows the service summary and the choice the app layer gives, for a need loaded by its address', async () => {
    routeFetch({ 'GET /api/solution/getSolutionDetails/s1': [200, { data: need }] });
    renderScreen(
      '/clientneedsmatch/:id',
      <ClientNeedsMatchPage title="Client's Need" choice={(s) => <p>{`choice for ${s._id}`}</p>} />,
      '/clientneedsmatch/s1',
    );
    expect(await screen.findByText('Tractor (per day)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Service summary' })).toBeInTheDocument();
    expect(screen.getByText('choice for s1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'No, back to the list of clients' }).getAttribute('href')).toBe('/clients');
  });
});
