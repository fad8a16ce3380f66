import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@app/shared';
import { http, HttpResponse } from 'msw';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { server } from '../../../testing/server';
import { Mailbox } from './mailbox';
import { announceRead } from '../../../lib/read-signal';

const note = (id: string, status: 'true' | 'false', text: string, solution_id?: string): Notification => ({
  _id: id,
  status,
  message_en: text,
  message_fr: `${text} (fr)`,
  ...(solution_id ? { solution_id } : {}),
  created_at: '2026-11-20T10:00:00.000Z',
});

const LIST = [
  note('n1', 'true', 'Bob accepted your post "Tractor".', 's1'),
  note('n2', 'true', 'Ada accepted your post "Room".', 's2'),
  note('n3', 'false', 'An old message.'),
];

const OFFER = {
  _id: 's1',
  user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false },
  user_role: 'provideSolution',
};

type Routes = Parameters<typeof routeFetch>[0];

/**
 * routeFetch for the JSON calls, and for the event stream a ReadableStream this test writes to;
 * the stream stays open until the test ends.
 */
function stubWithStream(routes: Routes) {
  const json = routeFetch(routes);
  let push: (text: string) => void = () => undefined;
  const streamed = vi.fn<(request: Request) => void>();
  server.use(
    http.get('/api/notify/stream', ({ request }) => {
      streamed(request);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
          push(': connected\n\n');
          request.signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new HttpResponse(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return { json, streamed, push: (text: string) => push(text) };
}

const renderMailbox = () => renderScreen('/here', <Mailbox />);
const bell = () => screen.getByRole('button', { name: /^Mailbox/ });

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the mailbox (SPEC 2.2, 3, 4; D-21)', () => {
  it('counts the unread messages on its badge and shows them in bold', async () => {
    stubWithStream({ 'GET /api/notify/getUserNotif/u1': [200, { data: LIST, next_cursor: null }] });
    renderMailbox();
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', 'Mailbox, 2 unread messages'));
    expect(screen.getByTestId('mailbox-badge').textContent).toBe('2');
    fireEvent.click(bell());
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('button');
    expect(items.map((b) => b.className)).toEqual(['mailbox-item is-unread', 'mailbox-item is-unread', 'mailbox-item']);
    expect(items[0]!.textContent).toContain('Unread:');
    expect(items[2]!.textContent).not.toContain('Unread:');
    // SPEC 9: a dropdown 200 px high.
    expect((screen.getByRole('list', { name: 'Messages' }).parentElement as HTMLElement).style.maxHeight).toBe('200px');
  });

  it('shows the message in the chosen language', async () => {
    localStorage.setItem('language', 'fr-ca');
    stubWithStream({ 'GET /api/notify/getUserNotif/u1': [200, { data: LIST, next_cursor: null }] });
    renderMailbox();
    await waitFor(() => expect(screen.getByTestId('mailbox-badge').textContent).toBe('2'));
    fireEvent.click(bell());
    expect(screen.getByText('Bob accepted your post "Tractor". (fr)')).toBeInTheDocument();
  });

  it('has no badge and says so when there is no message', async () => {
    stubWithStream({ 'GET /api/notify/getUserNotif/u1': [200, { data: [], next_cursor: null }] });
    renderMailbox();
    fireEvent.click(bell());
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('mailbox-badge')).not.toBeInTheDocument();
    expect(bell()).toHaveAttribute('aria-label', 'Mailbox');
  });

  it('marks a message read when clicked and opens its post', async () => {
    const { json } = stubWithStream({
      'GET /api/notify/getUserNotif/u1': [200, { data: LIST, next_cursor: null }],
      'PUT /api/notify/updateNotification': [200, { data: { ...LIST[0], status: 'false' } }],
      'GET /api/solution/getSolutionDetails/s1': [200, { data: OFFER }],
    });
    renderMailbox();
    await waitFor(() => expect(screen.getByTestId('mailbox-badge').textContent).toBe('2'));
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: /Bob accepted your post/ }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/supplierdetails/s1/u1'));
    const [, init] = callsTo(json, 'PUT /api/notify/updateNotification')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ id: 'n1', _id: 'u1' });
  });

  it('opens the deal when the post is one of the user’s deals (D-27: the owner meets the acceptor)', async () => {
    stubWithStream({
      'GET /api/notify/getUserNotif/u1': [200, { data: LIST, next_cursor: null }],
      'PUT /api/notify/updateNotification': [200, { data: { ...LIST[0], status: 'false' } }],
      'GET /api/deals': [
        200,
        {
          data: [
            { _id: 'd0', status: 'cancelled', solution: { _id: 's1' } },
            { _id: 'd1', status: 'accepted', solution: { _id: 's1' } },
            { _id: 'd2', status: 'accepted', solution: { _id: 's9' } },
          ],
        },
      ],
      'GET /api/solution/getSolutionDetails/s1': [200, { data: OFFER }],
    });
    renderMailbox();
    await waitFor(() => expect(screen.getByTestId('mailbox-badge').textContent).toBe('2'));
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: /Bob accepted your post/ }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/deals/d1'));
  });

  it('drops the badge at once when a message is marked read', async () => {
    stubWithStream({
      'GET /api/notify/getUserNotif/u1': [200, { data: LIST, next_cursor: null }],
      'PUT /api/notify/updateNotification': [200, { data: { ...LIST[1], status: 'false' } }],
      'GET /api/solution/getSolutionDetails/s2': [404, { code: 'NOT_FOUND', message: '' }],
    });
    renderMailbox();
    await waitFor(() => expect(screen.getByTestId('mailbox-badge').textContent).toBe('2'));
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: /Ada accepted your post/ }));
    await waitFor(() => expect(screen.getByTestId('mailbox-badge').textContent).toBe('1'));
    // The post is gone: the mailbox says so and stays where it is.
    expect((await screen.findByRole('alert')).textContent).toBe('This was not found. It may have been deleted.');
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it('raises the badge at once when the stream brings a new notification', async () => {
    const stream = stubWithStream({ 'GET /api/notify/getUserNotif/u1': [200, { data: LIST, next_cursor: null }] });
    renderMailbox();
    await waitFor(() => expect(screen.getByTestId('mailbox-badge').textContent).toBe('2'));
    await waitFor(() => expect(stream.streamed).toHaveBeenCalledOnce());
    const headers = stream.streamed.mock.calls[0]![0].headers as Headers;
    expect(headers.get('access-token')).toBe('k'.repeat(43));

    const fresh = note('n4', 'true', 'Cy accepted your post "Pump".', 's4');
    await act(async () => {
      // Split across chunks, as a network may deliver it.
      const text = `event: notification\ndata: ${JSON.stringify(fresh)}\n\n`;
      stream.push(text.slice(0, 20));
      stream.push(text.slice(20));
    });
    await waitFor(() => expect(screen.getByTestId('mailbox-badge').textContent).toBe('3'));
    fireEvent.click(bell());
    expect(screen.getAllByRole('button', { name: /accepted your post/ })[0]!.textContent).toContain('Cy accepted');
  });

  it('drops the count once a deal thread was read in this tab (D-28)', async () => {
    let list = LIST;
    stubWithStream({ 'GET /api/notify/getUserNotif/u1': () => [200, { data: list, next_cursor: null }] });
    renderMailbox();
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', 'Mailbox, 2 unread messages'));
    // The server marked the thread's notice read as it answered the thread.
    list = LIST.map((n) => (n._id === 'n1' ? { ...n, status: 'false' as const } : n));
    act(() => announceRead());
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', 'Mailbox, 1 unread message'));
  });

  it('drops the count when the thread was read in another tab of the app', async () => {
    let list = LIST;
    stubWithStream({ 'GET /api/notify/getUserNotif/u1': () => [200, { data: list, next_cursor: null }] });
    renderMailbox();
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', 'Mailbox, 2 unread messages'));
    list = LIST.map((n) => ({ ...n, status: 'false' as const }));
    // Another tab is another page: its announcement arrives on the shared channel only.
    const otherTab = new BroadcastChannel('app-reads');
    otherTab.postMessage('read');
    otherTab.close();
    await waitFor(() => expect(bell()).toHaveAttribute('aria-label', 'Mailbox'));
    expect(screen.queryByTestId('mailbox-badge')).not.toBeInTheDocument();
  });

  it('is not there for a visitor', async () => {
    localStorage.clear();
    const fetchMock = routeFetch({});
    renderMailbox();
    expect(screen.queryByRole('button', { name: /Mailbox/ })).not.toBeInTheDocument();
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
