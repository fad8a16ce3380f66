import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../testing/render';
import { MapSection } from './map-section';

// The real visitor map needs Leaflet and Chromium (e2e/map.test.ts).
vi.mock('./visitor-map', () => ({
  VisitorMap: ({ onMarkerOpen }: { onMarkerOpen: () => void }) => (
    <button type="button" onClick={onMarkerOpen}>
      {'marker'}
    </button>
  ),
}));

let observed: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
class FakeObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    observed = callback;
  }
  observe() {}
  disconnect() {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  observed = null;
});

describe("the landing page's map section", () => {
  it('loads the map only when it scrolls into view, and passes marker clicks to the app', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const prompt = vi.fn();
    render(<MapSection onMarkerOpen={prompt} />);
    expect(screen.getByRole('heading', { name: 'Posts near you' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'marker' })).toBeNull();
    act(() => observed!([{ isIntersecting: true }]));
    fireEvent.click(await screen.findByRole('button', { name: 'marker' }));
    expect(prompt).toHaveBeenCalledOnce();
  });

  it("loads it on 'Show the map' too", async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<MapSection onMarkerOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the map' }));
    expect(await screen.findByRole('button', { name: 'marker' })).toBeInTheDocument();
  });
});
