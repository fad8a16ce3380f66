import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@app/shared';
import { renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { CategoryPage } from './category-page';

const catalogue = { categories: CATEGORIES, currencies: ['dollar', 'euro', 'fr'] };

const renderCategory = (path: string) =>
  renderScreen(
    path,
    <CategoryPage title="Delivery" />,
    path,
    (location) => `${location.pathname} ${JSON.stringify(location.state)}`,
  );

beforeEach(() => {
  localStorage.clear();
  signIn(testUser());
  // Prices in the currency the user chose (D-24 would otherwise pick Senegal's CFA franc).
  localStorage.setItem('currency', 'dollar');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a category screen (SPEC 2.3 item 3)', () => {
  it('lists your own proposition first, then the presets with their price', async () => {
    routeFetch({ 'GET /api/catalogue': [200, { data: catalogue }] });
    renderCategory('/delivery');
    const own = await screen.findByRole('button', { name: /Your own proposition/ });
    expect(own.textContent).toContain('= ???');
    expect(screen.getByText('Choose from the followings pre-set options below')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Suitcase/ }).textContent).toContain('$7.00');
  });

  it.each([
    ['I need it (Client)', '/needsolutionForm'],
    ['I offer it (Solution Provider)', '/providesolutionForm'],
  ])('"%s" goes through the selection map on the way to %s', async (choice, form) => {
    routeFetch({ 'GET /api/catalogue': [200, { data: catalogue }] });
    renderCategory('/delivery');
    fireEvent.click(await screen.findByRole('button', { name: /Suitcase/ }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: choice }));
    await waitFor(() =>
      expect(screen.getByTestId('elsewhere').textContent).toBe(
        `/selectionmap/Delivery/delivery-suitcase ${JSON.stringify({
          url: form,
          categoryData: { category: 'Delivery', subCategoryId: 'delivery-suitcase' },
        })}`,
      ),
    );
  });

  it('offers a retry when the catalogue cannot load', async () => {
    routeFetch({ 'GET /api/catalogue': [500, { code: 'INTERNAL', message: '' }] });
    renderCategory('/delivery');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
