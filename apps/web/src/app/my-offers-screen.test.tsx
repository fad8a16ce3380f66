import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, routeFetch, signIn, testUser } from '../testing/render';
import { deal, person } from '../testing/deal-fixtures';
import { page, solution } from '../testing/post-fixtures';
import { MyOffersScreen } from './my-offers-screen';

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mine = [
  solution({ _id: 's1', user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false }, visit_count: 3 }),
  solution({
    _id: 's2',
    user_role: 'needSolution',
    user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false },
    sub_category: { en: 'Room per night', fr: 'Chambre par nuit' },
    title: 'Room per night',
    status: 'Accepted',
    visit_count: 1,
  }),
];

describe('My Offers leads to the deal (D-27)', () => {
  it('gives an accepted offer a link to its deal with the acceptor', async () => {
    routeFetch({
      'GET /api/solution/getUserSolutions/u1': [200, page(mine)],
      'GET /api/deals': [
        200,
        {
          data: [
            deal({ _id: 'd0', solution: mine[1]!, status: 'cancelled', counterpart: person({ firstName: 'Old' }) }),
            deal({ _id: 'd2', solution: mine[1]!, counterpart: person({ firstName: 'Binta' }) }),
          ],
        },
      ],
    });
    renderScreen('/myoffers', <MyOffersScreen title="My Offers" />);
    const link = await screen.findByRole('link', { name: 'Open the deal with Binta' });
    expect(link.getAttribute('href')).toBe('/deals/d2');
    expect(screen.queryByRole('link', { name: 'Open the deal with Old' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Open the deal/ })).toHaveLength(1);
  });
});

describe('My Offers says what happened (D-34)', () => {
  it('calls a need whose deal was completed "Completed", not "Accepted", and each card "Your need" or "Your offer"', async () => {
    routeFetch({
      'GET /api/solution/getUserSolutions/u1': [200, page(mine)],
      'GET /api/deals': [200, { data: [deal({ _id: 'd2', solution: mine[1]!, status: 'completed' })] }],
    });
    renderScreen('/myoffers', <MyOffersScreen title="My Offers" />);
    const [first, second] = await screen.findAllByRole('listitem');
    expect(await within(second!).findByText('Completed')).toBeInTheDocument();
    expect(within(second!).queryByText('Accepted')).toBeNull();
    expect(within(second!).getByText('Your need', { exact: false })).toBeInTheDocument();
    expect(within(first!).getByText('Your offer', { exact: false })).toBeInTheDocument();
    expect(within(first!).getByText('Pending')).toBeInTheDocument();
  });
});
