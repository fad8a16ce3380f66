import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOutbox, flushOutbox } from '../../../lib/outbox';
import en from '../../../locales/en-us.json';
import { callsTo, requestsReceived, routeFetch } from '../../../testing/render';
import { deal, message, person } from '../../../testing/deal-fixtures';
import { open, statusWord, bodyOf, setUpDealTests } from '../testing/deal-test-setup';

setUpDealTests();

describe('a message written without a signal', () => {
  const sent = message({ _id: 'm9', from: 'u1', text: 'Coming at 8', created_at: '2026-11-20T12:00:00.000Z' });
  const offline = (off: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!off);
  afterEach(async () => {
    await clearOutbox();
    vi.restoreAllMocks();
  });

  async function writeOffline(routes: Parameters<typeof routeFetch>[0]) {
    const fetchMock = routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      ...routes,
    });
    open();
    const box = await screen.findByRole('textbox', { name: 'Your message to Binta' });
    await screen.findByText('No messages yet. Write the first one.');
    offline(true);
    fireEvent.change(box, { target: { value: 'Coming at 8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Waiting to be sent');
    return { fetchMock, box: box as HTMLTextAreaElement, log };
  }

  it('waits in the thread, then is sent once with its Idempotency-Key and joins the thread', async () => {
    const { fetchMock, box, log } = await writeOffline({ 'POST /api/deals/d1/messages': [201, { data: sent }] });
    const waiting = within(log).getByText('Coming at 8').closest('li')!;
    expect(waiting.textContent).toContain('You');
    expect(box.value).toBe('');
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/messages')).toHaveLength(0);

    offline(false);
    await act(() => flushOutbox());
    await waitFor(() => expect(within(log).queryByText('Waiting to be sent')).toBeNull());
    expect(within(log).getAllByText('Coming at 8')).toHaveLength(1);
    expect(within(log).getByText('Coming at 8').closest('li')!.querySelector('time')).not.toBeNull();
    const posts = callsTo(fetchMock, 'POST /api/deals/d1/messages');
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0])).toEqual({ text: 'Coming at 8' });
    expect(new Headers((posts[0]![1] as RequestInit).headers).get('idempotency-key')).toMatch(/^[\x21-\x7e]{16,}$/);
  });

  it('can be cancelled in the thread: nothing is sent', async () => {
    const { fetchMock, log } = await writeOffline({ 'POST /api/deals/d1/messages': [201, { data: sent }] });
    fireEvent.click(within(log).getByRole('button', { name: 'Cancel sending: Coming at 8' }));
    expect(await screen.findByText('No messages yet. Write the first one.')).toBeInTheDocument();
    offline(false);
    await act(() => flushOutbox());
    expect(callsTo(fetchMock, 'POST /api/deals/d1/messages')).toHaveLength(0);
  });

  it('says why when the server refuses it on its way, and can be removed', async () => {
    const { log } = await writeOffline({
      'POST /api/deals/d1/messages': [402, { code: 'CONTACT_ACCESS_REQUIRED', message: 'Contact access required' }],
    });
    offline(false);
    await act(() => flushOutbox());
    const refused = await within(log).findByText(/^Not sent: /);
    expect(refused.textContent).toBe(`Not sent: ${en.apiErrors.CONTACT_ACCESS_REQUIRED}`);
    fireEvent.click(within(log).getByRole('button', { name: 'Cancel sending: Coming at 8' }));
    expect(await screen.findByText('No messages yet. Write the first one.')).toBeInTheDocument();
  });
});

describe('a request (D-32)', () => {
  const requested = (overrides: Parameters<typeof deal>[0] = {}) =>
    deal({
      status: 'requested',
      confirmed_at: undefined,
      contact_access: false,
      counterpart: person({ email: undefined, mobile_no: undefined }),
      expires_at: '2026-12-04T10:00:00.000Z',
      note: 'Can I have it on Monday?',
      ...overrides,
    });

  it('shows the requester Withdraw, asked first, and no Confirm', async () => {
    let current = requested({ role: 'acceptor' });
    const fetchMock = routeFetch({
      'GET /api/deals/d1': () => [200, { data: current }],
      'POST /api/deals/d1/withdraw': () => {
        current = requested({ role: 'acceptor', status: 'withdrawn' });
        return [200, { data: current }];
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw my request' }));
    expect(statusWord().textContent).toBe('Requested');
    expect(screen.queryByRole('button', { name: 'Confirm Binta' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/withdraw')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw my request' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('This request was withdrawn.')).toBeInTheDocument();
    expect(statusWord().textContent).toBe('Withdrawn');
    expect(screen.queryByRole('button', { name: 'Withdraw my request' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/withdraw')).toHaveLength(1);
  });

  it('shows the owner Confirm and Decline, and the note, and no Withdraw', async () => {
    let current = requested();
    const fetchMock = routeFetch({
      'GET /api/deals/d1': () => [200, { data: current }],
      'POST /api/deals/d1/confirm': () => {
        current = deal({ contact_access: false, counterpart: person({ email: undefined, mobile_no: undefined }) });
        return [200, { data: current }];
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Binta' }));
    expect(screen.getByText('Binta sent you a request. Confirm it to go ahead, or decline it.')).toBeInTheDocument();
    expect(screen.getByText('Can I have it on Monday?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline Binta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw my request' })).toBeNull();
    fireEvent.click(
      within(
        screen.getByRole('dialog', {
          name: "Confirm Binta's request? The other requests on this post will be declined and told why.",
        }),
      ).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('You confirmed Binta. They have been told.')).toBeInTheDocument();
    await waitFor(() => expect(statusWord().textContent).toBe('Confirmed'));
    expect(callsTo(fetchMock, 'POST /api/deals/d1/confirm')).toHaveLength(1);
  });
});

describe('finishing a deal (D-34)', () => {
  it('asks before marking it done, then says it waits for the other party', async () => {
    let current = deal();
    const fetchMock = routeFetch({
      'GET /api/deals/d1': () => [200, { data: current }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/complete': () => {
        current = deal({ done_by_me: true, auto_complete_at: '2026-11-24T09:00:00.000Z' });
        return [200, { data: current }];
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as done' }));
    const question =
      'Is the work done or the goods handed over? Binta will be asked to confirm. If they do nothing, the deal completes by itself in 3 days.';
    // "No" keeps the deal as it is and asks nothing of the API.
    fireEvent.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/complete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText(/^You marked it done\. Waiting for Binta; it completes by itself on /),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();
    // Once marked done, it can still be disputed but no longer cancelled.
    expect(screen.getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the deal' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/complete')).toHaveLength(1);
  });

  it('says the other party marked it done; marking it done too completes it, then rates them once', async () => {
    let current = deal({ done_by_other: true });
    const fetchMock = routeFetch({
      'GET /api/deals/d1': () => [200, { data: current }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/complete': () => {
        current = deal({ status: 'completed', completed_at: '2026-11-21T09:00:00.000Z' });
        return [200, { data: current }];
      },
      'POST /api/deals/d1/review': () => {
        current = {
          ...current,
          my_review: {
            _id: 'v1',
            deal_id: 'd1',
            from: { _id: 'u1', firstName: 'Awa' },
            rating: 4,
            text: 'On time',
            created_at: '2026-11-21T10:00:00.000Z',
          },
        };
        return [201, { data: {} }];
      },
    });
    open();
    expect(
      await screen.findByText('Binta marked it done. Mark it done too if all went well, or report a problem.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rate Binta' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    const stars = await screen.findByRole('group', { name: 'Rate Binta' });
    expect(screen.getByText('This deal is completed.')).toBeInTheDocument();
    expect(statusWord().textContent).toBe('Completed');

    fireEvent.click(screen.getByRole('button', { name: 'Send my rating' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose from 1 to 5 stars first.');
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/review')).toHaveLength(0);

    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    fireEvent.click(within(stars).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'A few words about the deal (optional)' }), {
      target: { value: 'On time' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send my rating' }));
    expect(await screen.findByText('You gave Binta 4 stars.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rate Binta' })).toBeNull();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/deals/d1/review')[0])).toEqual({ rating: 4, text: 'On time' });
  });

  it('shows a completed deal as "Completed", never "Confirmed" nor "Accepted", with no moves left', async () => {
    routeFetch({
      'GET /api/deals/d1': [
        200,
        { data: deal({ status: 'completed', completed_at: '2026-11-21T09:00:00.000Z', done_by_me: true }) },
      ],
      'GET /api/deals/d1/messages': [200, { data: [] }],
    });
    open();
    expect(await screen.findByText('This deal is completed.')).toBeInTheDocument();
    expect(statusWord().textContent).toBe('Completed');
    expect(screen.queryByText('Confirmed')).toBeNull();
    expect(screen.queryByText('Accepted')).toBeNull();
    for (const move of ['Mark as done', 'Report a problem', 'Cancel the deal']) {
      expect(screen.queryByRole('button', { name: move })).toBeNull();
    }
  });

  it('says so when the deal was already rated (409 ALREADY_REVIEWED)', async () => {
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal({ status: 'completed', completed_at: '2026-11-21T09:00:00.000Z' }) }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/review': [409, { code: 'ALREADY_REVIEWED', message: 'Already reviewed' }],
    });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send my rating' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already rated this deal.');
  });

  it('reports a problem after a Yes: the deal is on hold, with no done or cancel', async () => {
    let current = deal({ done_by_other: true });
    const fetchMock = routeFetch({
      'GET /api/deals/d1': () => [200, { data: current }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/dispute': () => {
        current = deal({ done_by_other: true, disputed: true });
        return [200, { data: current }];
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const question = 'Report a problem with this deal? It is put on hold until our team settles it.';
    fireEvent.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/dispute')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('A problem was reported. The deal is on hold until our team settles it.'),
    ).toBeInTheDocument();
    expect(statusWord().textContent).toBe('On hold: problem reported');
    for (const move of ['Mark as done', 'Report a problem', 'Cancel the deal']) {
      expect(screen.queryByRole('button', { name: move })).toBeNull();
    }
    expect(callsTo(fetchMock, 'POST /api/deals/d1/dispute')).toHaveLength(1);
  });

  it('says so when the API refuses the problem report (409 NOT_AVAILABLE), and keeps the deal as it was', async () => {
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/dispute': [409, { code: 'NOT_AVAILABLE', message: 'Not available' }],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.apiErrors.NOT_AVAILABLE);
    expect(statusWord().textContent).toBe('Confirmed');
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeInTheDocument();
  });

  it('cancels a confirmed deal after a Yes', async () => {
    let current = deal();
    const fetchMock = routeFetch({
      'GET /api/deals/d1': () => [200, { data: current }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/cancel': () => {
        current = deal({ status: 'cancelled' });
        return [200, { data: current }];
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the deal' }));
    fireEvent.click(
      within(
        screen.getByRole('dialog', { name: 'Cancel this deal? Binta will be told and the post listed again.' }),
      ).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('The deal was cancelled.')).toBeInTheDocument();
    expect(statusWord().textContent).toBe('Cancelled');
    expect(callsTo(fetchMock, 'POST /api/deals/d1/cancel')).toHaveLength(1);
  });

  it('reports the other party with a reason and a text', async () => {
    const fetchMock = routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/reports': [201, { data: {} }],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Report Binta' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Binta' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose a reason first.');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Reason' }), { target: { value: 'scam' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What happened (optional)' }), {
      target: { value: 'Asked me to pay first' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Thank you. Your report was sent to the administrators.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST /api/reports')[0])).toEqual({
      user_id: 'u2',
      reason: 'scam',
      text: 'Asked me to pay first',
    });
  });
});
