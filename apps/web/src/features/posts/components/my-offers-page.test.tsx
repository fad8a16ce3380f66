import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { page, solution } from '../../../testing/post-fixtures';
import { MyOffersPage } from './my-offers-page';

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

describe('My Offers (SPEC 2.3 item 11)', () => {
  it('shows each post with its status in colour, its visits and a link to its detail', async () => {
    routeFetch({ 'GET /api/solution/getUserSolutions/u1': [200, page(mine)] });
    renderScreen('/myoffers', <MyOffersPage title="My Offers" />);
    const [first, second] = await screen.findAllByRole('listitem');
    expect(within(first!).getByText('Pending').className).toContain('deal-status-pending');
    expect(within(first!).getByText('Opened by 3 people')).toBeInTheDocument();
    expect(within(first!).getByRole('link').getAttribute('href')).toBe('/supplierdetails/s1/u1');
    expect(within(second!).getByText('Accepted').className).toContain('deal-status-done');
    expect(within(second!).getByText('Opened by 1 person')).toBeInTheDocument();
    expect(within(second!).getByRole('link').getAttribute('href')).toBe('/clientsdetails/s2/u1');
  });

  it('deletes a post only after "Yes" to "Are you sure you want to delete the solution?"', async () => {
    const fetchMock = routeFetch({
      'GET /api/solution/getUserSolutions/u1': [200, page(mine)],
      'DELETE /api/solution/deleteSolution/u1/s1': [204],
    });
    renderScreen('/myoffers', <MyOffersPage title="My Offers" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Tractor (per day)' }));
    let dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete the solution?' });
    // "No" has the focus: a stray Enter keeps the post.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'DELETE /api/solution/deleteSolution/u1/s1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Tractor (per day)' }));
    dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete the solution?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/solution/deleteSolution/u1/s1')).toHaveLength(1));
    expect((await screen.findByRole('status')).textContent).toBe('The post “Tractor (per day)” was deleted.');
  });
});
