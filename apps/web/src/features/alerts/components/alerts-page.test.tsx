import type { Alert } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { AlertsPage } from './alerts-page';
import { AlertMeButton } from './alert-me-button';
import { AlertOffer } from './alert-offer';
import { solution } from '../../../testing/post-fixtures';

const alert = (over: Partial<Alert> = {}): Alert => ({
  _id: 'a1',
  type: 'needSolution',
  q: 'labour',
  category: null,
  sub_category_id: 'equipment-tractor',
  lng: -16.93,
  lat: 14.79,
  radius_km: 30,
  sms: true,
  last_match_at: '2026-11-20T10:00:00.000Z',
  last_solution_id: 's9',
  created_at: '2026-11-19T10:00:00.000Z',
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/alerts (D-36)', () => {
  it('lists each alert with its last match opening the post, switches SMS and deletes', async () => {
    let list = [
      alert(),
      alert({
        _id: 'a2',
        type: null,
        q: '',
        sub_category_id: null,
        sms: false,
        last_match_at: null,
        last_solution_id: null,
      }),
    ];
    const fetchMock = routeFetch({
      'GET /api/alerts': () => [200, { data: list }],
      'PATCH /api/alerts/a1': () => {
        list = list.map((a) => (a._id === 'a1' ? { ...a, sms: false } : a));
        return [200, { data: list[0] }];
      },
      'DELETE /api/alerts/a2': () => {
        list = list.filter((a) => a._id !== 'a2');
        return [204];
      },
    });
    renderScreen('/alerts', <AlertsPage title="My alerts" />);
    const first = await screen.findByRole('article', { name: 'Needs · Tractor (per day) · "labour"' });
    expect(within(first).getByText('Within 30 km')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', '/s/s9');
    expect(screen.getByRole('article', { name: 'Needs and offers' })).toHaveTextContent('No match yet.');
    const sms = within(first).getByRole('switch', { name: 'SMS' });
    expect(sms).toBeChecked();
    fireEvent.click(sms);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/alerts/a1')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/alerts/a1')[0]![1]?.body))).toEqual({ sms: false });
    await waitFor(() => expect(within(first).getByRole('switch', { name: 'SMS' })).not.toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Delete the alert Needs and offers' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Needs and offers' })).toBeNull());
  });

  it('"STOP" turns every SMS alert off', async () => {
    let list = [alert()];
    const fetchMock = routeFetch({
      'GET /api/alerts': () => [200, { data: list }],
      'POST /api/alerts/stop': () => {
        list = list.map((a) => ({ ...a, sms: false }));
        return [200, { data: { stopped: 1 } }];
      },
    });
    renderScreen('/alerts', <AlertsPage title="My alerts" />);
    fireEvent.click(await screen.findByRole('button', { name: 'STOP: no more SMS alerts' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/alerts/stop')).toHaveLength(1));
    expect(await screen.findByText('SMS alerts are off.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'SMS' })).not.toBeChecked());
  });

  it('"Alert me" sends what is on screen and says so; past 20 it says the limit', async () => {
    let answer: [number, unknown] = [201, { data: alert() }];
    const fetchMock = routeFetch({ 'POST /api/alerts': () => answer });
    const draft = {
      type: 'provideSolution' as const,
      q: 'tracteur',
      category: null,
      near: { lat: 14.69, lng: -17.44 },
      radiusKm: 25,
    };
    renderScreen('/dashboard', <AlertMeButton draft={draft} />);
    fireEvent.click(screen.getByRole('button', { name: 'Alert me' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Alert created');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/alerts')[0]![1]?.body))).toEqual({
      type: 'provideSolution',
      q: 'tracteur',
      near: '-17.44000,14.69000',
      radius_km: 25,
      sms: false,
    });
    cleanup();
    answer = [409, { code: 'LIMIT_REACHED', message: 'Limit reached' }];
    renderScreen('/dashboard', <AlertMeButton draft={draft} />);
    fireEvent.click(screen.getByRole('button', { name: 'Alert me' }));
    expect(
      await screen.findByText('You have reached the limit of 20 alerts. Delete one to add another.'),
    ).toBeInTheDocument();
  });

  it('after publishing a need, offers an alert for the matching offers near it (and the reverse)', async () => {
    const fetchMock = routeFetch({ 'POST /api/alerts': () => [201, { data: alert() }] });
    const need = solution({
      user_role: 'needSolution',
      category: 'Equipments',
      sub_category_id: 'equipment-tractor',
      pickup_lat: 14.79,
      pickup_lng: -16.93,
    });
    renderScreen('/needsolution', <AlertOffer solution={need} />);
    expect(screen.getByText('Be told when someone offers this near you.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Alert me to offers' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/alerts')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/alerts')[0]![1]?.body))).toEqual({
      type: 'provideSolution',
      category: 'Equipments',
      sub_category_id: 'equipment-tractor',
      near: '-16.93000,14.79000',
      radius_km: 25,
      sms: false,
    });
    cleanup();
    renderScreen('/providesolution', <AlertOffer solution={{ ...need, user_role: 'provideSolution' }} />);
    expect(screen.getByRole('button', { name: 'Alert me to needs' })).toBeInTheDocument();
  });
});
