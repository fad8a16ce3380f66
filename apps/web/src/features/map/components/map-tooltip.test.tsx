import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_HIDE_MS } from '@app/shared';
import '../../../testing/render';
import { MapTooltip } from './map-tooltip';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
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
});
