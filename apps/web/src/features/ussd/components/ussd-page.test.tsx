import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch } from '../../../testing/render';
import { UssdPage } from './ussd-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/ussd (D-37)', () => {
  it('dials a typed number, shows each screen and sends the answers so far joined by *', async () => {
    const replies = [
      { reply: 'CON Needs & Offers\n1. Find near me\n2. Publish a need', end: false },
      { reply: 'CON Find:\n1. Offers\n2. Needs', end: false },
      { reply: 'END Nothing found near you in this category.', end: true },
    ];
    const fetchMock = routeFetch({ 'POST /api/ussd/simulator': () => [200, { data: replies.shift() }] });
    renderScreen('/ussd', <UssdPage />);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+221 77 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dial' }));
    expect(await screen.findByText(/1\. Find near me/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/1\. Offers/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The session has ended.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dial' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/ussd/simulator')).toHaveLength(3));
    const bodies = callsTo(fetchMock, 'POST /api/ussd/simulator').map((c) => JSON.parse(String(c[1]?.body)));
    expect(bodies.map((b) => b.text)).toEqual(['', '1', '1*2']);
    expect(bodies[0].phone).toBe('+221 77 123 45 67');
    expect(new Set(bodies.map((b) => b.session_id)).size).toBe(1);
  });

  it('says why when the server refuses the simulator', async () => {
    routeFetch({ 'POST /api/ussd/simulator': () => [404, { code: 'NOT_FOUND', message: 'Not found' }] });
    renderScreen('/ussd', <UssdPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Dial' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
