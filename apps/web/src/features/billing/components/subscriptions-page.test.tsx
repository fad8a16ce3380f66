import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { SubscriptionsPage } from './subscriptions-page';

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/subscriptions (SPEC 2.3 item 16)', () => {
  it.each([
    ['dollar', '$13.00', 'USD'],
    ['euro', '€12.00', 'EUR'],
    ['fr', 'F CFA 7,900', 'XOF'],
  ])('in %s shows %s and asks the server for that currency', async (currency, price, code) => {
    localStorage.setItem('currency', currency);
    const fetchMock = routeFetch({ 'POST /api/payment/subscribe': [200, { data: { url: 'https://pay.example/a' } }] });
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect(screen.getByText(price)).toBeTruthy();
    await screen.findByRole('link', { name: 'Pay with PayPal' });
    const [, init] = callsTo(fetchMock, 'POST /api/payment/subscribe')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ currency: code });
  });

  it("shows 'Pay with' only once the server has created the subscription", async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/payment/subscribe') ? pending : new Response(null, { status: 404 }),
      ),
    );
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect(screen.getByText('Preparing the secure payment…')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay with PayPal' })).toBeNull();
    answer(new Response(JSON.stringify({ data: { url: 'https://pay.example/sub/1' } }), { status: 200 }));
    const link = await screen.findByRole('link', { name: 'Pay with PayPal' });
    expect(link.getAttribute('href')).toBe('https://pay.example/sub/1');
  });

  it('keeps the button hidden and offers a retry when the server refuses', async () => {
    routeFetch({ 'POST /api/payment/subscribe': [503, { code: 'SERVICE_UNAVAILABLE', message: 'busy' }] });
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect((await screen.findByRole('alert')).textContent).toBe('The service is busy. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay with PayPal' })).toBeNull();
  });

  it('gives the manual mobile-money instructions for Senegal, Niger and DR Congo (D-18)', () => {
    routeFetch({});
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect(screen.getByRole('heading', { name: 'Mobile money: Senegal, Niger and DR Congo' })).toBeTruthy();
    expect(screen.getByText(/Send F CFA 7,900 \(Senegal, Niger\) or FC 22,160.00 \(DR Congo\)/)).toBeTruthy();
    expect(screen.getByText(/Write your mobile number \+221771234567 as the payment reference/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
  });
});
