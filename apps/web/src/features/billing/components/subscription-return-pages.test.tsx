import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { SubscriptionCancelPage, SubscriptionSuccessPage } from './subscription-return-pages';

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/subscriptionsuccess (SPEC 2.3 item 17)', () => {
  it('confirms the subscription_id with the server, stores the user and goes to /dashboard after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const subscribed = testUser({
      subscription: {
        subscription_type: 'yearly',
        subscription_flag: true,
        trail_complete: false,
        subscription_start_date: '2026-01-01T00:00:00.000Z',
        subscription_end_date: '2027-01-01T00:00:00.000Z',
      },
    });
    const fetchMock = routeFetch({ 'POST /api/payment/updateSubscription': [200, { data: subscribed }] });
    renderScreen(
      '/subscriptionsuccess',
      <SubscriptionSuccessPage title="Subscription" />,
      '/subscriptionsuccess?subscription_id=I-SUB1&user_id=u1&amount=99.00',
    );
    expect(await screen.findByText('Your transcation has been successfuly processed!')).toBeInTheDocument();
    expect(screen.getByText('You will be taken to the dashboard in a few seconds.')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST /api/payment/updateSubscription');
    expect(calls).toHaveLength(1);
    // Only the id: the amount in the address is never trusted (D-17).
    expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({ subscription_id: 'I-SUB1' });
    expect(JSON.parse(localStorage.getItem('currentUser')!).subscription.subscription_flag).toBe(true);
    act(() => void vi.advanceTimersByTime(3000));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/dashboard'));
  });

  it('says the transaction failed when the server refuses it', async () => {
    routeFetch({ 'POST /api/payment/updateSubscription': [404, { code: 'NOT_FOUND', message: '' }] });
    renderScreen(
      '/subscriptionsuccess',
      <SubscriptionSuccessPage title="Subscription" />,
      '/subscriptionsuccess?subscription_id=I-X',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This was not found. It may have been deleted.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/subscriptions');
  });

  it('without a subscription_id posts nothing', async () => {
    const fetchMock = routeFetch({});
    renderScreen('/subscriptionsuccess', <SubscriptionSuccessPage title="Subscription" />);
    expect(screen.getByRole('alert').textContent).toMatch(/needs the details sent back by the payment provider/);
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/subscriptioncancel', () => {
  it("shows 'Your transcation cannot be processed!' and a way back", () => {
    routeFetch({});
    renderScreen('/subscriptioncancel', <SubscriptionCancelPage title="Subscription" />);
    expect(screen.getByRole('alert').textContent).toBe('Your transcation cannot be processed!');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/subscriptions');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
