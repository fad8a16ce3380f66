// Shared by the deal page test files (deal-page, deal-page-requests) and the requests panel's:
// a signed-in user with empty storage before each test, and the deal page's helpers.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderScreen, signIn, testUser } from '../../../testing/render';
import { DealPage } from '../components/deal-page';

/** Registers the hooks of a deal test file; call it once at its top. */
export function setUpDealTests() {
  beforeEach(() => {
    localStorage.clear();
    signIn(testUser());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export const open = (accessChoice?: Parameters<typeof DealPage>[0]['accessChoice']) =>
  renderScreen('/deals/:dealId', <DealPage title="Deal" accessChoice={accessChoice} />, '/deals/d1');

/** The deal's status word, beside "Deal" in the post's facts. */
export const statusWord = () =>
  screen.getAllByRole('term').find((term) => term.textContent === 'Deal')!.nextElementSibling as HTMLElement;

export const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;
