import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/date-time';
import { clearOutbox, flushOutbox } from '../../../lib/outbox';
import en from '../../../locales/en-us.json';
import { stubEventStream } from '../../../testing/event-stream';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { deal, message, person } from '../../../testing/deal-fixtures';
import { solution } from '../../../testing/post-fixtures';
import { DealPage } from './deal-page';

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (accessChoice?: Parameters<typeof DealPage>[0]['accessChoice']) =>
  renderScreen('/deals/:dealId', <DealPage title="Deal" accessChoice={accessChoice} />, '/deals/d1');

/** The deal's status word, beside "Deal" in the post's facts. */
const statusWord = () =>
  screen.getAllByRole('term').find((term) => term.textContent === 'Deal')!.nextElementSibling as HTMLElement;

const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

describe('the deal page (D-27)', () => {
  it('shows the owner the acceptor: name, badges, rating, completed deals, member since, and four ways to reach them', async () => {
    routeFetch({ 'GET /api/deals/d1': [200, { data: deal() }], 'GET /api/deals/d1/messages': [200, { data: [] }] });
    open();
    const party = (await screen.findByRole('heading', { name: 'Accepted by' }, { timeout: 8000 })).closest('section')!;
    expect(within(party).getByRole('heading', { name: /Binta/ }).textContent).toContain('+ID');
    expect(within(party).getByText('Rated 4.5 out of 5 by 2 people')).toBeInTheDocument();
    expect(within(party).getByText('2 completed deals')).toBeInTheDocument();
    expect(within(party).getByText('Member since March 2025')).toBeInTheDocument();
    expect(within(party).getByRole('link', { name: 'Call Binta' }).getAttribute('href')).toBe('tel:+221777654321');
    // Written as people read a number; the links keep it whole.
    expect(within(party).getByText('+221 77 765 43 21')).toBeInTheDocument();
    expect(within(party).getByRole('link', { name: 'Send an SMS to Binta' }).getAttribute('href')).toBe(
      'sms:+221777654321',
    );
    expect(within(party).getByRole('link', { name: 'Message Binta on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/221777654321',
    );
    expect(within(party).getByRole('link', { name: 'E-mail Binta' }).getAttribute('href')).toBe(
      'mailto:binta@example.org',
    );
    // The post and the deal's state.
    expect(screen.getByRole('link', { name: 'Tractor (per day)' }).getAttribute('href')).toBe('/supplierdetails/s1/u1');
    expect(statusWord().textContent).toBe('Confirmed');
    expect(screen.getByRole('link', { name: 'See My Offers' }).getAttribute('href')).toBe('/myoffers');
  });

  it('shows the acceptor "Posted by" and the way back to My Orders', async () => {
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal({ role: 'acceptor', counterpart: person({ firstName: 'Awa' }) }) }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
    });
    open();
    await screen.findByRole('heading', { name: 'Posted by' });
    expect(screen.getByRole('link', { name: 'See My Orders' }).getAttribute('href')).toBe('/myorders');
  });

  it('says the deal was not found when the API answers 404 (not a party)', async () => {
    routeFetch({});
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This deal was not found. Only its two parties can open it.',
    );
  });

  it('offers the supplier side without contact access the ways to it, and asks the API for no messages', async () => {
    const fetchMock = routeFetch({
      'GET /api/deals/d1': [
        200,
        { data: deal({ contact_access: false, counterpart: person({ email: undefined, mobile_no: undefined }) }) },
      ],
    });
    open(() => <p>{'payment choice'}</p>);
    await screen.findByRole('heading', { name: 'Accepted by' });
    expect(screen.getAllByText("To see Binta's phone and e-mail and write to them, choose one of these:")).toHaveLength(
      2,
    );
    expect(screen.getAllByText('payment choice').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Call Binta' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    await requestsReceived();
    expect(callsTo(fetchMock, 'GET /api/deals/d1/messages')).toHaveLength(0);
  });

  it('tells the client side (the owner of a need) to wait for the supplier, with no payment choice', async () => {
    routeFetch({
      'GET /api/deals/d1': [
        200,
        {
          data: deal({
            role: 'owner',
            contact_access: false,
            solution: solution({
              user_role: 'needSolution',
              user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false },
            }),
            counterpart: person({ email: undefined, mobile_no: undefined }),
          }),
        },
      ],
    });
    open(() => <p>{'payment choice'}</p>);
    await screen.findByRole('heading', { name: 'Accepted by' });
    expect(screen.getAllByText(/as soon as the supplier has a subscription/).length).toBeGreaterThan(0);
    expect(screen.queryByText('payment choice')).toBeNull();
  });
});

describe('a cancelled deal (D-27)', () => {
  it('claims no access and offers no payment for it', async () => {
    routeFetch({
      'GET /api/deals/d1': [
        200,
        {
          data: deal({
            status: 'cancelled',
            contact_access: false,
            counterpart: person({ email: undefined, mobile_no: undefined }),
          }),
        },
      ],
    });
    open(() => <p>{'payment choice'}</p>);
    await screen.findByRole('heading', { name: 'Accepted by' });
    expect(statusWord().textContent).toBe('Cancelled');
    expect(screen.getAllByText('This deal has ended: no new messages.').length).toBeGreaterThan(0);
    expect(screen.queryByText('payment choice')).toBeNull();
    expect(screen.queryByText(/choose one of these/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Call Binta' })).toBeNull();
  });
});

describe('the thread (D-28)', () => {
  it('shows each message as text, never as markup', async () => {
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [
        200,
        {
          data: [
            message({ text: '<img src=x onerror="alert(1)"> <b>bold</b>' }),
            message({ _id: 'm2', from: 'u1', text: 'Yes, from 8 am.', created_at: '2026-11-20T11:05:00.000Z' }),
          ],
        },
      ],
    });
    open();
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('<img src=x onerror="alert(1)"> <b>bold</b>')).toBeInTheDocument();
    expect(log.querySelector('img, b')).toBeNull();
    const items = within(log).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Binta');
    expect(items[1]!.textContent).toContain('You');
    expect(items[1]!.textContent).toContain('Yes, from 8 am.');
    // The time reads as the mailbox writes its notifications: one format everywhere.
    expect(items[1]!.querySelector('time')?.textContent).toBe(formatDateTime('2026-11-20T11:05:00.000Z', 'en-us'));
    expect(items[1]!.querySelector('time')?.textContent).toMatch(/^Nov 20, 2026, /);
  });

  it('sends a message: it joins the thread and the box empties', async () => {
    const sent = message({ _id: 'm9', from: 'u1', text: 'See you Monday', created_at: '2026-11-20T12:00:00.000Z' });
    const fetchMock = routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/messages': [201, { data: sent }],
    });
    open();
    expect(await screen.findByText('No messages yet. Write the first one.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your message to Binta' });
    expect(box.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(box, { target: { value: '  See you Monday ' } });
    expect(screen.getByText('17 / 1000 characters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('See you Monday')).toBeInTheDocument();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(bodyOf(callsTo(fetchMock, 'POST /api/deals/d1/messages')[0])).toEqual({ text: 'See you Monday' });
  });

  it('refuses an empty message and shows the API’s refusals in words', async () => {
    const fetchMock = routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [200, { data: [] }],
      'POST /api/deals/d1/messages': [429, { code: 'RATE_LIMITED', message: 'Too many requests' }],
    });
    open();
    const box = await screen.findByRole('textbox', { name: 'Your message to Binta' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a message first.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await requestsReceived();
    expect(callsTo(fetchMock, 'POST /api/deals/d1/messages')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('shows the contact-access prompt when the API answers 402 to the thread', async () => {
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': [402, { code: 'CONTACT_ACCESS_REQUIRED', message: 'Contact access required' }],
    });
    open(() => <p>{'payment choice'}</p>);
    const thread = (await screen.findByRole('heading', { name: 'Messages with Binta' })).closest('section')!;
    await within(thread).findByText("To see Binta's phone and e-mail and write to them, choose one of these:");
    expect(within(thread).getByText('payment choice')).toBeInTheDocument();
    expect(within(thread).queryByRole('textbox')).toBeNull();
  });

  it('adds a message from the other party as it arrives on the event stream, without a reload', async () => {
    const live = message({ _id: 'm6', text: 'I am on my way', created_at: '2026-11-20T13:00:00.000Z' });
    let thread = [message()];
    const api = routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      // The server's thread; reading it again after the event marks the new message read.
      'GET /api/deals/d1/messages': () => [200, { data: thread }],
      'GET /api/deals/unread': [200, { data: { count: 0 } }],
    });
    const stream = stubEventStream();
    open();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await stream.opened;
    await stream.send('message', message({ _id: 'm5', deal_id: 'other', text: 'For another deal' }));
    thread = [message(), live];
    await stream.send('message', live);
    expect(await within(log).findByText('I am on my way')).toBeInTheDocument();
    expect(within(log).queryByText('For another deal')).toBeNull();
    await waitFor(() => expect(callsTo(api, 'GET /api/deals/d1/messages').length).toBe(2));
    expect(within(log).getByText('I am on my way')).toBeInTheDocument();
  });
});

describe("the header's counts after reading (D-28)", () => {
  it('tells every open tab once the thread was read, and again when a message arriving is read', async () => {
    const live = message({ _id: 'm6', text: 'I am on my way', created_at: '2026-11-20T13:00:00.000Z' });
    let thread = [message()];
    routeFetch({
      'GET /api/deals/d1': [200, { data: deal() }],
      'GET /api/deals/d1/messages': () => [200, { data: thread }],
      'GET /api/deals/unread': [200, { data: { count: 0 } }],
    });
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel('app-reads');
    otherTab.onmessage = (event) => heard.push(event.data);
    try {
      const stream = stubEventStream();
      open();
      await screen.findByRole('log', { name: 'Messages' });
      await waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(1));
      const before = heard.length;
      await stream.opened;
      thread = [message(), live];
      await stream.send('message', live);
      await screen.findByText('I am on my way');
      // The thread asked again (the server marks the new message read): the other tabs hear it.
      await waitFor(() => expect(heard.length).toBeGreaterThan(before));
    } finally {
      otherTab.close();
    }
  });
});

describe('a message written without a signal (issue 17)', () => {
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
