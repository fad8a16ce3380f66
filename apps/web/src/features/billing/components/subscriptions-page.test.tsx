import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { server } from '../../../testing/server';
import { SubscriptionsPage } from './subscriptions-page';

beforeEach(() => {
  localStorage.clear();
  // D-38: a payer where dollars are paid goes through PayPal; francs go by mobile money.
  signIn(testUser({ country: 'US' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/subscriptions (SPEC 2.3 item 16)', () => {
  it.each([
    ['dollar', '$13.00', 'USD', 'US', 'Pay with PayPal'],
    ['euro', '€12.00', 'EUR', 'FR', 'Pay with PayPal'],
    ['fr', 'F CFA 7,900', 'XOF', 'SN', /Pay F\sCFA\s7,900 by mobile money/],
  ])('in %s shows %s and asks the server for that currency', async (currency, price, code, country, action) => {
    localStorage.setItem('currency', currency);
    signIn(testUser({ country }));
    const fetchMock = routeFetch({ 'POST /api/payment/subscribe': [200, { data: { url: 'https://pay.example/a' } }] });
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect(screen.getByText(price)).toBeInTheDocument();
    await screen.findByRole('link', { name: action }, { timeout: 5000 });
    const [, init] = callsTo(fetchMock, 'POST /api/payment/subscribe')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ currency: code });
  });

  it("shows 'Pay with' only once the server has created the subscription", async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    server.use(
      http.all('*', ({ request }) =>
        request.url.includes('/payment/subscribe') ? pending : new HttpResponse(null, { status: 404 }),
      ),
    );
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect(screen.getByText('Preparing the secure payment…')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay with PayPal' })).not.toBeInTheDocument();
    answer(new Response(JSON.stringify({ data: { url: 'https://pay.example/sub/1' } }), { status: 200 }));
    const link = await screen.findByRole('link', { name: 'Pay with PayPal' });
    expect(link).toHaveAttribute('href', 'https://pay.example/sub/1');
  });

  it('keeps the button hidden and offers a retry when the server refuses', async () => {
    routeFetch({ 'POST /api/payment/subscribe': [503, { code: 'SERVICE_UNAVAILABLE', message: 'busy' }] });
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect((await screen.findByRole('alert')).textContent).toBe('The service is busy. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay with PayPal' })).not.toBeInTheDocument();
  });

  it('leaves out the manual instructions of D-18 where a mobile-money provider serves (D-38)', async () => {
    signIn(testUser({ country: 'SN' }));
    routeFetch({
      'POST /api/payment/subscribe': [200, { data: { url: '/api/payment/mobile-money/checkout/MM1' } }],
      'GET /api/config': [
        200,
        { data: { tile_url: null, vapid_public_key: null, mobile_money: { SN: 'Wave +221 77 123 45 67' } } },
      ],
    });
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    const link = await screen.findByRole('link', { name: /Pay F\sCFA\s7,900 by mobile money/ });
    expect(link).toHaveAttribute('href', '/api/payment/mobile-money/checkout/MM1');
    expect(screen.queryByRole('heading', { name: 'Mobile money: Senegal, Niger and DR Congo' })).toBeNull();
    expect(screen.queryByText(/Wave \+221 77 123 45 67/)).toBeNull();
  });
});
