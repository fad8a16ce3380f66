import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_HIDE_MS } from '@app/shared';
import '../../../testing/render';
import { MapTooltip } from './map-tooltip';

let phone = false;
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  phone = false;
  // jsdom has no matchMedia: the tooltip asks whether the screen is a phone's.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const tooltip = () => screen.queryByRole('region', { name: 'How the map works' });

describe('the map tooltip (SPEC 4)', () => {
  it('explains blue and green markers', () => {
    render(<MapTooltip />);
    expect(tooltip()).not.toBeNull();
    expect(screen.getByText("Blue: a client's need")).toBeInTheDocument();
    expect(screen.getByText("Green: a supplier's offer")).toBeInTheDocument();
  });

  it(`hides ${TOOLTIP_HIDE_MS} ms after Close, and shows again on the next visit`, () => {
    render(<MapTooltip />);
    fireEvent.click(screen.getByRole('button', { name: 'Close the explanation' }));
    act(() => vi.advanceTimersByTime(TOOLTIP_HIDE_MS - 10));
    expect(tooltip()).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(tooltip()).toBeNull();
    expect(localStorage.getItem('tooltip')).toBeNull();
    cleanup();
    render(<MapTooltip />);
    expect(tooltip()).not.toBeNull();
  });

  it("stores tooltip = false when 'Don't show this message again' is ticked, and never shows again", () => {
    render(<MapTooltip />);
    fireEvent.click(screen.getByRole('checkbox', { name: "Don't show this message again" }));
    expect(localStorage.getItem('tooltip')).toBe('false');
    act(() => vi.advanceTimersByTime(TOOLTIP_HIDE_MS));
    expect(tooltip()).toBeNull();
    cleanup();
    render(<MapTooltip />);
    expect(tooltip()).toBeNull();
  });

  it('is a short sheet on a phone: the legend and the tick box, the text behind "Read more"', () => {
    phone = true;
    render(<MapTooltip />);
    const text = screen.getByText(/Each marker is a post near you/);
    expect(text).not.toBeVisible();
    expect(screen.getByText("Blue: a client's need")).toBeVisible();
    expect(screen.getByRole('checkbox', { name: "Don't show this message again" })).toBeVisible();
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(text).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    // Closing works as on a larger screen.
    fireEvent.click(screen.getByRole('button', { name: 'Close the explanation' }));
    act(() => vi.advanceTimersByTime(TOOLTIP_HIDE_MS + 10));
    expect(tooltip()).toBeNull();
  });

  it('shows the whole text at once on a larger screen, with no "Read more"', () => {
    render(<MapTooltip />);
    expect(screen.getByText(/Each marker is a post near you/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  });
});
