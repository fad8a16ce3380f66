import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render';
import { PostPlace } from './post-place';

afterEach(cleanup);

describe('where a post is (D-35)', () => {
  it('gives the exact place a link that opens it in a maps application', () => {
    renderScreen('/', <PostPlace solution={{ pickup_lat: 14.69317, pickup_lng: -17.45123, location_exact: true }} />);
    const link = screen.getByRole('link', { name: 'Open in maps' });
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=14.69317&mlon=-17.45123#map=17/14.69317/-17.45123',
    );
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('says an approximate point is within about 1 km, with no link', () => {
    renderScreen('/', <PostPlace solution={{ pickup_lat: 14.693, pickup_lng: -17.451, location_exact: false }} />);
    expect(screen.getByText(/within about 1 km/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
