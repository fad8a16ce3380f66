import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@app/shared';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../testing/render';
import type { PostsMapProps } from '../features/map/components/posts-map';
import { DashboardScreen } from './dashboard-screen';

// Leaflet draws in Chromium; here the map reports a settled view, as its viewport watcher does.
vi.mock('../features/map/components/posts-map', () => ({
  PostsMap: (props: PostsMapProps) => {
    const { onArea } = props;
    useEffect(() => onArea?.(area), [onArea]);
    return <div data-testid="posts-map" />;
  },
}));
let area = { lat: 14.7, lng: -17.45, radiusKm: 3.4 };
vi.mock('../features/posts/components/post-search', () => ({ PostSearch: () => null }));

beforeEach(() => {
  area = { lat: 14.7, lng: -17.45, radiusKm: 3.4 };
  localStorage.clear();
  localStorage.setItem('tooltip', 'false');
  signIn(testUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('"Alert me" on the map filters (D-36)', () => {
  it('creates an alert for the chosen category around the visible area', async () => {
    const fetchMock = routeFetch({ 'POST /api/alerts': () => [201, { data: {} }] });
    renderScreen('/dashboard', <DashboardScreen title="Map" />);
    const equipment = CATEGORIES.find((c) => c.id !== 'YouPropose')!;
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Categories' })).getByRole('button', { name: equipment.name.en }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Alert me here' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/alerts')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/alerts')[0]![1]?.body))).toEqual({
      category: equipment.id,
      near: '-17.45000,14.70000',
      radius_km: 3,
      sms: false,
    });
    expect(await screen.findByRole('link', { name: 'My alerts' })).toHaveAttribute('href', '/alerts');
  });

  it('waits for a view no wider than an alert may be (200 km)', async () => {
    area = { lat: 5, lng: 20, radiusKm: 3500 };
    routeFetch({});
    renderScreen('/dashboard', <DashboardScreen title="Map" />);
    await screen.findByTestId('posts-map');
    expect(screen.queryByRole('button', { name: 'Alert me here' })).toBeNull();
  });
});
