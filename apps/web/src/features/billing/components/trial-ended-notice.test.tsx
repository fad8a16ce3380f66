import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { TrialEndedNotice } from './trial-ended-notice';

const MESSAGE = 'You have successfully subscribed trial version,Please select solution again';
const END = '2027-02-18T10:00:00.000Z';

const withTrial = (flag: boolean, complete: boolean, end = END) =>
  testUser({
    subscription: {
      subscription_type: '90 days trail',
      subscription_flag: flag,
      trail_complete: complete,
      subscription_start_date: '2026-11-20T10:00:00.000Z',
      subscription_end_date: end,
    },
  });

const serve = (user: ReturnType<typeof testUser>, acknowledge: [number, unknown?] = [200, { data: user }]) =>
  routeFetch({ 'GET /api/user/me': [200, { data: user }], 'POST /api/user/updateSubscription': acknowledge });

const show = () => renderScreen('/dashboard', <TrialEndedNotice />);

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the trial's end (D-16, SPEC 4)", () => {
  it("acknowledges the ended trial, shows SPEC's message once and remembers it by the trial's end", async () => {
    const user = withTrial(false, true);
    signIn(user);
    const fetchMock = serve(user);
    show();
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST /api/user/updateSubscription');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({ user_id: 'u1', status: false, trail_complete: true });
    expect(localStorage.getItem(`trialEndShown:${END}`)).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();

    // The next visit: not again.
    cleanup();
    show();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user/me').length).toBeGreaterThan(1));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user/updateSubscription')).toHaveLength(1);
  });

  it('says nothing while the trial runs, or for a trial the server has not ended', async () => {
    const user = withTrial(true, false);
    signIn(user);
    const fetchMock = serve(user);
    show();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user/me')).toHaveLength(1));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user/updateSubscription')).toHaveLength(0);
  });

  it('judges on the server copy, not the stored one', async () => {
    signIn(withTrial(false, true));
    const fetchMock = serve(withTrial(true, false));
    show();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user/me')).toHaveLength(1));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user/updateSubscription')).toHaveLength(0);
  });

  it('shows a later trial end again (another end date)', async () => {
    localStorage.setItem(`trialEndShown:${END}`, '1');
    const user = withTrial(false, true, '2027-06-01T10:00:00.000Z');
    signIn(user);
    serve(user);
    show();
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
  });

  it('shows nothing and remembers nothing when the acknowledgement fails', async () => {
    const user = withTrial(false, true);
    signIn(user);
    const fetchMock = serve(user, [500, { code: 'INTERNAL', message: '' }]);
    show();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/user/updateSubscription')).toHaveLength(1));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    expect(localStorage.getItem(`trialEndShown:${END}`)).toBeNull();
  });
});
