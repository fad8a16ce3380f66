import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { PaymentCancelPage, PaymentSuccessPage } from './payment-return-pages';

const SOLUTION = '0b6f2f4e-8f7a-4f0e-9d6e-1a2b3c4d5e6f';
const paid = {
  payment: {
    _id: 'p1',
    kind: 'onetime',
    amount: '2.25',
    currency: 'USD',
    status: 'captured',
    solution_id: SOLUTION,
    created_at: '2026-11-21T10:00:00.000Z',
  },
  contact: { email: 'client@example.org', mobile_no: '+221770000001' },
};

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/successurl, the paid confirmation (SPEC 2.3 item 10)', () => {
  it("posts the provider's query values and shows the service and the other party's contacts", async () => {
    const fetchMock = routeFetch({ 'POST /api/payment/success': [200, { data: paid }] });
    renderScreen(
      '/successurl',
      <PaymentSuccessPage title="Payment" service={(id) => <p>{`service of ${id}`}</p>} />,
      `/successurl?paymentId=PAY-1&PayerID=PAYER9&solution_id=${SOLUTION}&total_price=0.01`,
    );
    expect(await screen.findByText('Your transcation has been successfuly processed!')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST /api/payment/success');
    expect(calls).toHaveLength(1);
    // D-17: the ids only; a price in the address is ignored.
    expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({
      paymentId: 'PAY-1',
      payerId: 'PAYER9',
      solution_id: SOLUTION,
    });
    expect(screen.getByText('Amount paid: $2.25')).toBeInTheDocument();
    expect(screen.getByText(`service of ${SOLUTION}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+221 77 000 00 01' })).toHaveAttribute('href', 'tel:+221770000001');
    expect(screen.getByRole('link', { name: 'client@example.org' }).getAttribute('href')).toBe(
      'mailto:client@example.org',
    );
  });

  it('says the transaction cannot be processed when the capture fails', async () => {
    routeFetch({ 'POST /api/payment/success': [409, { code: 'NOT_AVAILABLE', message: 'declined' }] });
    renderScreen(
      '/successurl',
      <PaymentSuccessPage title="Payment" />,
      `/successurl?paymentId=PAY-1&solution_id=${SOLUTION}`,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Your transcation cannot be processed!');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/clientneedsmatch/${SOLUTION}`);
  });

  it('without the return values posts nothing', async () => {
    const fetchMock = routeFetch({});
    renderScreen('/successurl', <PaymentSuccessPage title="Payment" />);
    expect(screen.getByRole('alert').textContent).toMatch(/needs the details sent back/);
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/cancelUrl (SPEC 8, D-2)', () => {
  it("shows 'Your transcation cannot be processed!' and leads back to the payment choice", () => {
    routeFetch({});
    renderScreen('/cancelUrl', <PaymentCancelPage title="Payment" />, `/cancelUrl?solution_id=${SOLUTION}`);
    expect(screen.getByRole('alert').textContent).toBe('Your transcation cannot be processed!');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/clientneedsmatch/${SOLUTION}`);
  });
});
