import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { server } from '../../../testing/server';
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
    expect(screen.getByText(price)).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Pay with PayPal' });
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

  it('names the mobile-money payee of each country with the price in its currency, the user’s first (D-18)', async () => {
    routeFetch({
      'GET /api/config': [
        200,
        {
          data: {
            tile_url: null,
            vapid_public_key: null,
            mobile_money: { SN: 'Wave +221 77 123 45 67', CD: 'M-Pesa +243 81 234 5678' },
          },
        },
      ],
    });
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect(screen.getByRole('heading', { name: 'Mobile money: Senegal, Niger and DR Congo' })).toBeInTheDocument();
    const senegal = await screen.findByText('Senegal: send F CFA 7,900 to Wave +221 77 123 45 67');
    expect(screen.getByText('DR Congo: send FC 22,160.00 to M-Pesa +243 81 234 5678')).toBeInTheDocument();
    // No payee configured for Niger: said plainly, never an address that holds none.
    expect(screen.getByText('Niger: mobile money is not available there yet.')).toBeInTheDocument();
    expect(screen.queryByText(/About page/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'About' })).toBeNull();
    // The test user lives in Senegal: their country comes first.
    const items = [...senegal.parentElement!.querySelectorAll('li')].map((li) => li.textContent);
    expect(items[0]).toMatch(/^Senegal/);
    expect(screen.getByText(/Write your mobile number \+221771234567 as the payment reference/)).toBeInTheDocument();
  });

  it('says mobile money is not available anywhere when no payee is configured', async () => {
    routeFetch({ 'GET /api/config': [200, { data: { tile_url: null, vapid_public_key: null } }] });
    renderScreen('/subscriptions', <SubscriptionsPage title="Subscription" />);
    expect(await screen.findByText('Senegal: mobile money is not available there yet.')).toBeInTheDocument();
    expect(screen.getByText('DR Congo: mobile money is not available there yet.')).toBeInTheDocument();
  });
});
