import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import type { AdminReport } from '../api/reports';
import { ReportsPage } from './reports-page';

const admin = testUser({ _id: 'admin', firstName: 'Ada', admin: true });

const report = (overrides: Partial<AdminReport> = {}): AdminReport => ({
  _id: 'r1',
  reason: 'scam',
  text: 'Asked for money <b>first</b>',
  status: 'open',
  created_at: '2026-11-22T10:00:00.000Z',
  reporter: { _id: 'u3', firstName: 'Chloé' },
  solution: {
    _id: 's1',
    sub_category: { en: 'Tractor (per day)', fr: 'Tracteur (par jour)' },
    hidden: false,
    user_id: 'u2',
  },
  user: { _id: 'u2', firstName: 'Moussa', blocked: false },
  ...overrides,
});

const renderPage = () => renderScreen('/admin/reports', <ReportsPage title="Reports" />);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin/reports (D-29)', () => {
  it('tells a signed-in non-admin it is for administrators only and asks the API for nothing', async () => {
    signIn(testUser());
    const fetchMock = routeFetch({});
    renderPage();
    expect(screen.getByText(/administrators/i)).toBeInTheDocument();
    await requestsReceived();
    expect(callsTo(fetchMock, 'GET /api/admin/reports')).toHaveLength(0);
  });

  it('lists the reports as the API orders them (open first), with reason, target, reporter and text', async () => {
    signIn(admin);
    routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/deals/disputed': [200, { data: [] }],
      'GET /api/admin/reports': [
        200,
        {
          data: [
            report({
              solution: {
                _id: 's1',
                title: 'Red tractor with driver',
                sub_category: { en: 'Tractor (per day)', fr: 'Tracteur (par jour)' },
                hidden: false,
                user_id: 'u2',
              },
            }),
            report({ _id: 'r2', status: 'closed', reason: 'spam', solution: null, text: null }),
            // A post without a title of its own is named by its sub-category (D-30).
            report({ _id: 'r3', status: 'closed', text: null }),
          ],
        },
      ],
    });
    renderPage();
    const [first, second, third] = (await screen.findAllByRole('listitem')).map((item) =>
      within(item).getByRole('article'),
    );
    expect(within(first!).getByRole('heading').textContent).toBe('OpenScam or fraud');
    expect(within(first!).getByText('post "Red tractor with driver" · user Moussa')).toBeInTheDocument();
    expect(within(third!).getByText('post "Tractor (per day)" · user Moussa')).toBeInTheDocument();
    expect(within(first!).getByText('Chloé')).toBeInTheDocument();
    expect(within(first!).getByText('Asked for money <b>first</b>')).toBeInTheDocument();
    expect(within(second!).getByRole('heading').textContent).toBe('ClosedSpam or advertising');
    expect(within(second!).queryByRole('button', { name: /Hide the post/ })).not.toBeInTheDocument();
  });

  it('hides the post and blocks the user, then shows their new state', async () => {
    signIn(admin);
    let current = report();
    const fetchMock = routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/deals/disputed': [200, { data: [] }],
      'GET /api/admin/reports': () => [200, { data: [current] }],
      'POST /api/admin/solutions/s1/hide': () => {
        current = { ...current, solution: { ...current.solution!, hidden: true } };
        return [200, { data: {} }];
      },
      'POST /api/admin/users/u2/block': () => {
        current = { ...current, user: { ...current.user!, blocked: true } };
        return [200, { data: {} }];
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Hide the post "Tractor (per day)"' }));
    await screen.findByRole('button', { name: 'Show the post "Tractor (per day)" again' });
    expect(screen.getByText('hidden from everyone')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Block Moussa' }));
    await screen.findByRole('button', { name: 'Unblock Moussa' });
    expect(screen.getByText('blocked')).toBeInTheDocument();
    const [hide] = callsTo(fetchMock, 'POST /api/admin/solutions/s1/hide');
    expect(JSON.parse(String(hide![1]?.body))).toEqual({ hidden: true });
    const [block] = callsTo(fetchMock, 'POST /api/admin/users/u2/block');
    expect(JSON.parse(String(block![1]?.body))).toEqual({ blocked: true });
  });

  it('shows the API’s refusal of an action in words', async () => {
    signIn(admin);
    routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/deals/disputed': [200, { data: [] }],
      'GET /api/admin/reports': [200, { data: [report()] }],
      'POST /api/admin/users/u2/block': [403, { code: 'FORBIDDEN', message: 'Forbidden' }],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Block Moussa' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You are not allowed to do this.'));
  });
});
