import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Solution } from '@app/shared';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { goTo, PaymentChoice } from './payment-choice';

const need = {
  _id: 's1',
  user: { _id: 'u2', firstName: 'Moussa', verified: false, vip: false },
  user_role: 'needSolution',
  sub_category_price_dollar: '15.00',
  sub_category_price_euro: '13.80',
  sub_category_price_fr: '9052',
} as unknown as Solution;

// D-38: the payer's currency follows the country; this payer lives where dollars are paid.
const me = (trailComplete: boolean) =>
  testUser({
    country: 'US',
    subscription: {
      subscription_type: null,
      subscription_flag: false,
      trail_complete: trailComplete,
      subscription_start_date: null,
      subscription_end_date: null,
    },
  });

beforeEach(() => {
  localStorage.clear();
  // The user chose dollars (a Senegalese user who chose nothing sees CFA francs, D-24).
  localStorage.setItem('currency', 'dollar');
  signIn(me(false));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const show = () =>
  renderScreen('/clientneedsmatch/:id', <PaymentChoice solution={need} deal="need" />, '/clientneedsmatch/s1');

describe('the payment choice (SPEC 2.3 item 10, D-15)', () => {
  it('offers the yearly subscription, the free trial and pay-as-you-go at 15% of the dollar price', async () => {
    routeFetch({ 'GET /api/user/me': [200, { data: me(false) }] });
    show();
    expect(screen.getByText('12 months of contact details on every deal, for $13.00.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptionscreen');
    expect(screen.getByText("15% of this deal's total, for this deal only: $2.25.")).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Start the free 90-day trial' })).toBeInTheDocument();
  });

  it('leaves the free trial out once it has been used', async () => {
    // The stored user and the server's agree, so a trial offered here would show at once.
    signIn(me(true));
    const fetchMock = routeFetch({ 'GET /api/user/me': [200, { data: me(true) }] });
    show();
    expect(screen.getByText("15% of this deal's total, for this deal only: $2.25.")).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user/me')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Start the free 90-day trial' })).not.toBeInTheDocument();
  });

  it("pay-as-you-go asks the server for the provider's page and sends the browser there", async () => {
    const assign = vi.spyOn(goTo, 'assign').mockImplementation(() => {});
    const fetchMock = routeFetch({
      'GET /api/user/me': [200, { data: me(false) }],
      'POST /api/payment/pay': [200, { data: { url: 'https://pay.example/approve/1' } }],
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $2.25' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/1'));
    const [, init] = callsTo(fetchMock, 'POST /api/payment/pay')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ solution_id: 's1', method: 'card' });
  });

  it('the trial starts and then returns to the post', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routeFetch({
      'GET /api/user/me': [200, { data: me(false) }],
      'POST /api/user/updateSubscription': [200, { data: me(false) }],
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Start the free 90-day trial' }));
    await screen.findByText('You have successfully subscribed trial version,Please select solution again');
    vi.advanceTimersByTime(2000);
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/clientsdetails/s1/u2'));
    vi.useRealTimers();
  });

  it('a trial started here completes the acceptance it interrupted, says Sent and goes home (D-15)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routeFetch({
      'GET /api/user/me': [200, { data: me(false) }],
      'POST /api/user/updateSubscription': [200, { data: me(false) }],
    });
    const order: string[] = [];
    const run = vi.fn(async () => {
      order.push('accept');
    });
    renderScreen(
      '/clientneedsmatch/:id',
      <PaymentChoice solution={need} deal="need" afterTrial={{ run, then: '/' }} />,
      '/clientneedsmatch/s1',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start the free 90-day trial' }));
    const status = await screen.findByText(/You have successfully subscribed trial version/);
    await waitFor(() => expect(status.textContent).toMatch(/Sent$/));
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/'));
    vi.useRealTimers();
  });

  it('says why when the acceptance after the trial is refused, and stays', async () => {
    routeFetch({
      'GET /api/user/me': [200, { data: me(false) }],
      'POST /api/user/updateSubscription': [200, { data: me(false) }],
    });
    const { ApiError } = await import('../../../lib/api-client');
    const run = vi.fn(async () => {
      throw new ApiError(409, 'NOT_AVAILABLE', 'taken');
    });
    renderScreen(
      '/clientneedsmatch/:id',
      <PaymentChoice solution={need} deal="need" afterTrial={{ run, then: '/' }} />,
      '/clientneedsmatch/s1',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start the free 90-day trial' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This post is no longer available.');
  });
});
