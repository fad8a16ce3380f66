import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { SubscriptionScreen } from './subscription-screen';

const withTrail = (trailComplete: boolean, flag = false, country = 'SN') =>
  testUser({
    country,
    subscription: {
      subscription_type: trailComplete || flag ? '90 days trail' : null,
      subscription_flag: flag,
      trail_complete: trailComplete,
      subscription_start_date: null,
      subscription_end_date: null,
    },
  });

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/subscriptionscreen (SPEC 2.3 item 15)', () => {
  it.each([
    // D-38: the price follows the payer's country (dollars only where dollars are paid).
    ['dollar', '$13.00', '$1.10', 'US'],
    ['euro', '€12.00', '€1.00', 'FR'],
    ['fr', 'F CFA 7,900', 'F CFA 660', 'SN'],
  ])(
    'shows 12 months at the yearly price and the monthly equivalent in %s',
    async (currency, yearly, monthly, country) => {
      localStorage.setItem('currency', currency);
      signIn(withTrail(false, false, country));
      routeFetch({ 'GET /api/user/me': [200, { data: withTrail(false, false, country) }] });
      renderScreen('/subscriptionscreen', <SubscriptionScreen title="Subscription" />);
      expect(screen.getByRole('heading', { name: '12 months' })).toBeInTheDocument();
      expect(screen.getByText(yearly)).toBeInTheDocument();
      expect(screen.getByText(`That is only ${monthly} a month.`)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
      expect(screen.getByRole('link', { name: 'No Thanks' })).toHaveAttribute('href', '/dashboard');
      await screen.findByRole('button', { name: 'Start the free 90-day trial' });
    },
  );

  it('hides the free trial once trail_complete is true', async () => {
    // The stored user and the server's agree, so a trial offered here would show at once.
    signIn(withTrail(true));
    const fetchMock = routeFetch({ 'GET /api/user/me': [200, { data: withTrail(true) }] });
    renderScreen('/subscriptionscreen', <SubscriptionScreen title="Subscription" />);
    expect(screen.getByRole('heading', { name: '12 months' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user/me')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /free 90-day trial/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Free trial')).not.toBeInTheDocument();
  });

  it('does not offer the free trial while it is running', async () => {
    // D-16: trail_complete stays false while the trial runs; subscription_flag says it runs.
    signIn(withTrail(false, true));
    routeFetch({ 'GET /api/user/me': [200, { data: withTrail(false, true) }] });
    renderScreen('/subscriptionscreen', <SubscriptionScreen title="Subscription" />);
    expect(screen.getByRole('heading', { name: '12 months' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /free 90-day trial/ })).toBeNull());
    expect(screen.queryByText('Free trial')).toBeNull();
  });

  it("starts the trial, stores the user, shows SPEC 4's message and goes to /dashboard after 2000 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(withTrail(false));
    const started = withTrail(false, true);
    const fetchMock = routeFetch({
      'GET /api/user/me': [200, { data: withTrail(false) }],
      'POST /api/user/updateSubscription': [200, { data: started }],
    });
    renderScreen('/subscriptionscreen', <SubscriptionScreen title="Subscription" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start the free 90-day trial' }));
    expect(
      await screen.findByText('You have successfully subscribed trial version,Please select solution again'),
    ).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST /api/user/updateSubscription')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ user_id: 'u1', status: true, trail_complete: false });
    expect(JSON.parse(localStorage.getItem('currentUser')!).subscription.subscription_flag).toBe(true);
    act(() => void vi.advanceTimersByTime(1900));
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/dashboard'));
  });

  it('says so when the trial was already used (409 TRIAL_USED)', async () => {
    signIn(withTrail(false));
    routeFetch({
      'GET /api/user/me': [200, { data: withTrail(false) }],
      'POST /api/user/updateSubscription': [409, { code: 'TRIAL_USED', message: 'used' }],
    });
    renderScreen('/subscriptionscreen', <SubscriptionScreen title="Subscription" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start the free 90-day trial' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already used your free trial.');
  });
});
