import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisputedDeal } from '@app/shared';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { ReportsPage } from './reports-page';

const admin = testUser({ _id: 'admin', firstName: 'Ada', admin: true });

const disputed = (overrides: Partial<DisputedDeal> = {}): DisputedDeal => ({
  _id: 'd1',
  solution_id: 's1',
  title: { en: 'Red tractor with driver', fr: 'Tracteur rouge avec chauffeur' },
  owner: { _id: 'u2', firstName: 'Moussa' },
  acceptor: { _id: 'u3', firstName: 'Chloé' },
  disputed_by: 'u3',
  disputed_at: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

const renderPage = () => renderScreen('/admin/reports', <ReportsPage title="Reports" />);
const section = () => screen.getByRole('region', { name: 'Deals on hold' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('deals on hold on /admin/reports (D-34)', () => {
  it('asks a non-admin nothing about deals on hold', async () => {
    signIn(testUser());
    const fetchMock = routeFetch({});
    renderPage();
    await requestsReceived();
    expect(screen.queryByRole('heading', { name: 'Deals on hold' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/admin/deals/disputed')).toHaveLength(0);
  });

  it('shows each deal on hold: the title in the reader’s language, the two people and when', async () => {
    signIn(admin);
    routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/reports': [200, { data: [] }],
      'GET /api/admin/deals/disputed': [200, { data: [disputed()] }],
    });
    renderPage();
    const card = await within(section()).findByRole('article', { name: 'Red tractor with driver' });
    expect(within(card).getByText('Moussa (post) and Chloé')).toBeInTheDocument();
    expect(within(card).getByText(/^Problem reported on Nov 2[23], 2026/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Settle as completed' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Settle as cancelled' })).toBeInTheDocument();
    // No link: an admin is no party of the deal and cannot open it.
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('says so when no deal is on hold', async () => {
    signIn(admin);
    routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/reports': [200, { data: [] }],
      'GET /api/admin/deals/disputed': [200, { data: [] }],
    });
    renderPage();
    expect(await within(section()).findByText('No deal is on hold.')).toBeInTheDocument();
  });

  it.each([
    [
      'Settle as completed',
      'completed',
      'Settle the deal on "Red tractor with driver" as completed? Both people are told.',
    ],
    [
      'Settle as cancelled',
      'cancelled',
      'Settle the deal on "Red tractor with driver" as cancelled? Both people are told.',
    ],
  ])(
    'asks first, then %s sends the outcome, refreshes the list and says "Settled."',
    async (button, outcome, question) => {
      signIn(admin);
      let onHold = [disputed(), disputed({ _id: 'd2', title: { en: 'Room', fr: 'Chambre' } })];
      const fetchMock = routeFetch({
        'GET /api/user/me': [200, { data: admin }],
        'GET /api/admin/reports': [200, { data: [] }],
        'GET /api/admin/deals/disputed': () => [200, { data: onHold }],
        'POST /api/admin/deals/d1/settle': () => {
          onHold = onHold.filter((d) => d._id !== 'd1');
          return [200, { data: { _id: 'd1', status: outcome } }];
        },
      });
      renderPage();
      const card = await within(section()).findByRole('article', { name: 'Red tractor with driver' });
      fireEvent.click(within(card).getByRole('button', { name: button }));
      const dialog = screen.getByRole('dialog', { name: question });
      // "No" keeps the deal on hold and sends nothing.
      fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(callsTo(fetchMock, 'POST /api/admin/deals/d1/settle')).toHaveLength(0);

      fireEvent.click(within(card).getByRole('button', { name: button }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(within(section()).getByRole('status').textContent).toBe('Settled.'));
      expect(within(section()).queryByRole('article', { name: 'Red tractor with driver' })).toBeNull();
      expect(within(section()).getByRole('article', { name: 'Room' })).toBeInTheDocument();
      const calls = callsTo(fetchMock, 'POST /api/admin/deals/d1/settle');
      expect(calls).toHaveLength(1);
      expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({ outcome });
      expect(callsTo(fetchMock, 'GET /api/admin/deals/disputed')).toHaveLength(2);
    },
  );

  it('shows the API’s refusal in words and keeps the deal listed', async () => {
    signIn(admin);
    routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/reports': [200, { data: [] }],
      'GET /api/admin/deals/disputed': [200, { data: [disputed()] }],
      'POST /api/admin/deals/d1/settle': [403, { code: 'FORBIDDEN', message: 'Forbidden' }],
    });
    renderPage();
    const card = await within(section()).findByRole('article', { name: 'Red tractor with driver' });
    fireEvent.click(within(card).getByRole('button', { name: 'Settle as completed' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(within(section()).getByRole('alert').textContent).toBe('You are not allowed to do this.'),
    );
    expect(within(section()).getByRole('status').textContent).toBe('');
    expect(within(section()).getByRole('article', { name: 'Red tractor with driver' })).toBeInTheDocument();
  });
});
