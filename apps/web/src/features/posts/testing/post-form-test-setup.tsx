// Shared by the post-form test files (post-form-page, post-form-publish): the renderers, the
// form helpers, the created post the server answers, and the browser stubs each test needs.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { renderScreen, signIn, testUser } from '../../../testing/render';
import { NeedSolutionFormPage, ProvideSolutionFormPage } from '../components/post-form-page';

export type State = Record<string, unknown> | null;

export const fromMap = (category: string, subCategoryId: string): State => ({
  lng: -17.4467,
  lat: 14.6928,
  category,
  subCategoryId,
  categoryData: { category, subCategoryId },
});

export const renderNeed = (state: State) =>
  renderScreen(
    '/needsolutionForm',
    <NeedSolutionFormPage title="Post a need" />,
    { pathname: '/needsolutionForm', state },
    (location) => `${location.pathname} ${JSON.stringify(location.state)}`,
  );
export const renderProvide = (state: State) =>
  renderScreen(
    '/providesolutionForm',
    <ProvideSolutionFormPage title="Post an offer" />,
    { pathname: '/providesolutionForm', state },
    (location) => `${location.pathname} ${JSON.stringify(location.state)}`,
  );

export const block = (legend: string) =>
  screen.getByText(legend, { selector: 'legend' }).closest('fieldset') as HTMLFieldSetElement;
export const legends = () => Array.from(document.querySelectorAll('form fieldset > legend')).map((l) => l.textContent);
export const type = (label: string | RegExp, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });
export const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
export const formAlert = () => document.querySelector('form > [role="alert"]');
export const namesLoaded = () =>
  waitFor(() =>
    expect(document.querySelector('select[name="pickup_country"] option[value="SN"]')?.textContent).toBe('Senegal'),
  );
export const image = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
export const chooseImages = (...files: File[]) =>
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files } });

/** A Delivery need with every required field typed. */
export async function fillDelivery() {
  await namesLoaded();
  type('Description', 'Two boxes of mangoes to Thiès');
  type('City', 'Dakar', block('Pickup address'));
  type('Pickup date', '2099-03-01');
  type('City', 'Thiès', block('Delivery address'));
  type('Delivery date', '2099-03-02');
}

export const created = {
  _id: 's1',
  user: { _id: 'u1', firstName: 'Awa', verified: false, vip: false },
  user_role: 'needSolution',
  category: 'Delivery',
  sub_category: { en: 'Small box (0.01-5kg or 30x30cm)', fr: 'Petite boîte (0,01-5 kg ou 30x30 cm)' },
  sub_category_id: 'delivery-small-box',
  sub_category_price_dollar: '2.20',
  sub_category_price_euro: '1.99',
  sub_category_price_fr: '1300',
  display_price: '$2.20',
  description: 'Two boxes of mangoes to Thiès',
  images: [],
  pickup_street_address: null,
  pickup_city: 'Dakar',
  pickup_region: null,
  pickup_country: 'SN',
  pickup_postal_address: null,
  pickup_date: '2099-03-01',
  pickup_lat: 14.6928,
  pickup_lng: -17.4467,
  delivery_street_address: null,
  delivery_city: 'Thiès',
  delivery_region: null,
  delivery_country: 'SN',
  delivery_postal_address: null,
  delivery_date: '2099-03-02',
  status: 'Pending',
  created_at: '2099-01-01T00:00:00.000Z',
};

export let geolocation: ReturnType<typeof vi.fn>;

/** Registers the hooks of a post-form test file; call it once at its top. */
export function setUpPostFormTests() {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signIn(testUser());
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
    geolocation = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 14.7, longitude: -17.45 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: geolocation },
      configurable: true,
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'share');
  });
}
