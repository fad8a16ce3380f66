import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { deal, person } from '../../../testing/deal-fixtures';
import { page, solution } from '../../../testing/post-fixtures';
import { MyOrdersPage } from './my-orders-page';

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Orders (SPEC 2.3 item 12)', () => {
  it('rejects an order after "Yes" to "Are you sure you want to delete the order?", then shows No Data Found', async () => {
    const order = solution({ status: 'Accepted' });
    const fetchMock = routeFetch({
      'GET /api/solution/getUserAcceptedSolutions/u1': () =>
        callsTo(fetchMock, 'PUT /api/solution/rejectSolution').length ? [200, page([])] : [200, page([order])],
      'PUT /api/solution/rejectSolution': [204],
    });
    renderScreen('/myorders', <MyOrdersPage title="My Orders" />);
    expect(screen.queryByText('Opened by', { exact: false })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the order Tractor (per day)' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete the order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/solution/rejectSolution')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PUT /api/solution/rejectSolution')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ user_id: 'u1', solution_id: 's1' });
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });

  it('shows No Data Found when there is no order', async () => {
    routeFetch({ 'GET /api/solution/getUserAcceptedSolutions/u1': [200, page([])] });
    renderScreen('/myorders', <MyOrdersPage title="My Orders" />);
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });
});

describe('My Orders leads to the deal (D-27)', () => {
  it('gives an order a link to its deal with the poster', async () => {
    const order = solution({ _id: 's7', status: 'Accepted' });
    routeFetch({
      'GET /api/solution/getUserAcceptedSolutions/u1': [200, page([order])],
      'GET /api/deals': [
        200,
        {
          data: [deal({ _id: 'd7', role: 'acceptor', solution: order, counterpart: person({ firstName: 'Moussa' }) })],
        },
      ],
    });
    renderScreen('/myorders', <MyOrdersPage title="My Orders" />);
    expect((await screen.findByRole('link', { name: 'Open the deal with Moussa' })).getAttribute('href')).toBe(
      '/deals/d7',
    );
  });
});

describe('My Orders says what Delete does (D-27, D-32)', () => {
  const order = solution({
    _id: 's7',
    status: 'Accepted',
    user: { _id: 'u2', firstName: 'Moussa', verified: false, vip: false },
  });
  const open = async (theDeal: ReturnType<typeof deal>) => {
    routeFetch({
      'GET /api/solution/getUserAcceptedSolutions/u1': [200, page([order])],
      'GET /api/deals': [200, { data: [theDeal] }],
    });
    renderScreen('/myorders', <MyOrdersPage title="My Orders" />);
    await screen.findByRole('link', { name: /Open the deal with Moussa/ });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the order Tractor (per day)' }));
    return screen.getByRole('dialog', { name: 'Are you sure you want to delete the order?' });
  };

  it('names whose post each order is, and its deal state', async () => {
    routeFetch({
      'GET /api/solution/getUserAcceptedSolutions/u1': [200, page([order])],
      'GET /api/deals': [
        200,
        {
          data: [
            deal({
              role: 'acceptor',
              solution: order,
              status: 'completed',
              counterpart: person({ firstName: 'Moussa' }),
            }),
          ],
        },
      ],
    });
    renderScreen('/myorders', <MyOrdersPage title="My Orders" />);
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText("Moussa's offer", { exact: false })).toBeInTheDocument();
    expect(await within(card).findByText('Completed')).toBeInTheDocument();
  });

  it('says a confirmed deal ends, the poster is told and a paid fee is not refunded', async () => {
    const dialog = await open(
      deal({
        role: 'acceptor',
        solution: order,
        counterpart: person({ firstName: 'Moussa' }),
        fee: { amount: '1500', currency: 'XOF', paid: true },
      }),
    );
    expect(dialog.textContent).toContain(
      'The deal with Moussa ends and Moussa is told; the post is listed for others again.',
    );
    expect(dialog.textContent).toMatch(/The fee you paid \(.*1,500.*\) is not refunded/);
  });

  it('says a request is withdrawn and the poster told', async () => {
    const dialog = await open(
      deal({ role: 'acceptor', solution: order, status: 'requested', counterpart: person({ firstName: 'Moussa' }) }),
    );
    expect(dialog.textContent).toContain('Your request is withdrawn and Moussa is told.');
    expect(dialog.textContent).not.toContain('fee');
  });
});
