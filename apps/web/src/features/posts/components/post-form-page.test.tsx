import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, routeFetch } from '../../../testing/render';
import {
  fromMap,
  renderNeed,
  renderProvide,
  block,
  legends,
  type,
  submit,
  namesLoaded,
  fillDelivery,
  created,
  setUpPostFormTests,
} from '../testing/post-form-test-setup';

setUpPostFormTests();

describe('the address blocks (SPEC 5)', () => {
  it('shows pickup and delivery for Delivery', () => {
    routeFetch({});
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    expect(legends()).toEqual([
      'Your post',
      'Place on the map',
      'Pickup address',
      'Delivery address',
      'Images (optional)',
    ]);
    expect(within(block('Delivery address')).getByLabelText('Delivery date').getAttribute('aria-required')).toBe(
      'true',
    );
  });

  it('shows one address block for Equipments, Space, Services and the farm categories', () => {
    routeFetch({});
    for (const [category, sub] of [
      ['Equipments', 'equipment-tractor'],
      ['Space', 'space-bed'],
      ['Services', 'services-agro-day'],
      ['Vegetables', 'vegetables-own'],
    ]) {
      renderProvide(fromMap(category!, sub!));
      expect(legends(), category).toEqual(['Your post', 'Place on the map', 'Address', 'Images (optional)']);
      expect(screen.queryByLabelText(/Delivery date/)).toBeNull();
      cleanup();
    }
  });

  it('adds the delivery block to a Sell/Buy post only when asked', () => {
    routeFetch({});
    renderNeed(fromMap('YouPropose', 'youpropose-own'));
    expect(legends()).toEqual(['Your post', 'Place on the map', 'Address', 'Images (optional)']);
    fireEvent.click(screen.getByLabelText('Add a delivery address'));
    expect(legends()).toEqual([
      'Your post',
      'Place on the map',
      'Pickup address',
      'Delivery address',
      'Images (optional)',
    ]);
  });

  it('disables every delivery day up to and including the pickup day', () => {
    routeFetch({});
    renderNeed(fromMap('Transport', 'transport-small-car'));
    const pickup = screen.getByLabelText('Pickup date') as HTMLInputElement;
    const delivery = screen.getByLabelText(/^Delivery date/) as HTMLInputElement;
    expect(pickup.type).toBe('date');
    const today = pickup.min;
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(delivery.min > today).toBe(true);
    fireEvent.change(pickup, { target: { value: '2099-12-31' } });
    expect(delivery.min).toBe('2100-01-01');
  });

  it("lists the countries in the chosen language, the user's own chosen", async () => {
    routeFetch({});
    renderNeed(fromMap('Equipments', 'equipment-tractor'));
    await namesLoaded();
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.value).toBe('SN');
    expect(country.selectedOptions[0]?.textContent).toBe('Senegal');
  });

  it('fills the pickup city, region and country with the place named on the selection map (D-26)', async () => {
    routeFetch({});
    renderNeed({ ...fromMap('Equipments', 'equipment-tractor'), city: 'Thiès', region: 'Thies', country: 'FR' });
    await namesLoaded();
    const pickup = block('Address');
    expect((within(pickup).getByLabelText(/^City/) as HTMLInputElement).value).toBe('Thiès');
    expect((within(pickup).getByLabelText(/^Region/) as HTMLInputElement).value).toBe('Thies');
    // Not the user's own country (SN): the country the point is in, as an ISO code.
    expect((within(pickup).getByLabelText('Country') as HTMLSelectElement).value).toBe('FR');
  });
});

describe('the subcategory and the price', () => {
  it("shows a preset's price in the chosen currency and asks a price only for your own proposition", () => {
    localStorage.setItem('currency', 'euro');
    routeFetch({});
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    const sub = screen.getByLabelText('Subcategory') as HTMLSelectElement;
    expect(sub.value).toBe('delivery-small-box');
    expect(screen.getByTestId('preset-price').textContent).toBe('Price: €1.99');
    expect(screen.queryByLabelText(/Your price/)).toBeNull();

    fireEvent.change(sub, { target: { value: 'delivery-own' } });
    const price = screen.getByLabelText('Your price, in Euro (€)') as HTMLInputElement;
    expect(price.type).toBe('number');
    expect(screen.queryByTestId('preset-price')).toBeNull();

    fireEvent.change(sub, { target: { value: 'delivery-pallet' } });
    expect(screen.queryByLabelText(/Your price/)).toBeNull();
  });
});

describe('what is booked by date (D-33)', () => {
  const sent = (fetchMock: ReturnType<typeof routeFetch>) =>
    JSON.parse(
      String((callsTo(fetchMock, 'POST /api/solution/addSolution')[0]![1]!.body as FormData).get('new_solution')),
    ) as Record<string, unknown>;
  async function fillOneBlock(dateLabel: string) {
    await namesLoaded();
    type('Description', 'A red tractor');
    type('City', 'Dakar', block('Address'));
    type(dateLabel, '2099-03-01');
  }

  it('asks how an own proposition is priced, and how many can be booked at once once it is booked by date', async () => {
    localStorage.setItem('currency', 'dollar');
    const fetchMock = routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderProvide(fromMap('Equipments', 'equipment-own'));
    const priced = screen.getByLabelText('Priced') as HTMLSelectElement;
    expect(Array.from(priced.options).map((o) => o.textContent)).toEqual([
      'per item / once',
      'per day',
      'per night',
      'per hour',
      'per month',
    ]);
    expect(priced.value).toBe('');
    expect(screen.queryByLabelText('How many can be booked at once')).toBeNull();

    fireEvent.change(priced, { target: { value: 'night' } });
    const capacity = screen.getByLabelText('How many can be booked at once') as HTMLInputElement;
    expect(capacity.value).toBe('1');
    type('How many can be booked at once', '3');
    type('Your price, in Dollar ($)', '20');
    await fillOneBlock('Date');
    submit();
    await screen.findByText('Your post is published');
    expect(sent(fetchMock)).toMatchObject({ sub_category_id: 'equipment-own', unit: 'night', capacity: 3 });
  });

  it("asks a preset offer's capacity but not its unit, which its name gives", async () => {
    const fetchMock = routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderProvide(fromMap('Equipments', 'equipment-tractor'));
    expect(screen.queryByLabelText('Priced')).toBeNull();
    type('How many can be booked at once', '2');
    await fillOneBlock('Date');
    submit();
    await screen.findByText('Your post is published');
    const body = sent(fetchMock);
    // The schema's output is sent: what the form left out is null.
    expect(body).toMatchObject({ capacity: 2, unit: null, dates_to: null });
  });

  it('says a capacity of 0 is refused, next to the field, and sends nothing', async () => {
    const fetchMock = routeFetch({});
    renderProvide(fromMap('Equipments', 'equipment-tractor'));
    type('How many can be booked at once', '0');
    await fillOneBlock('Date');
    submit();
    const capacity = screen.getByLabelText('How many can be booked at once');
    expect(capacity.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a whole number from 1 to 1000.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/solution/addSolution')).toHaveLength(0);
  });

  it('lets a need name its first and last day, and sends the last one; no capacity for a need', async () => {
    const fetchMock = routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderNeed(fromMap('Equipments', 'equipment-tractor'));
    expect(screen.queryByLabelText('How many can be booked at once')).toBeNull();
    await fillOneBlock('First day');
    const last = screen.getByLabelText('Last day (optional)') as HTMLInputElement;
    expect(last.type).toBe('date');
    expect(last.min).toBe('2099-03-01');
    type('Last day (optional)', '2099-03-02');
    submit();
    await screen.findByText('Your post is published');
    const body = sent(fetchMock);
    expect(body).toMatchObject({ pickup_date: '2099-03-01', dates_to: '2099-03-02', capacity: null });
  });

  it('asks no last day of an offer, nor of a need with a delivery date', () => {
    routeFetch({});
    renderProvide(fromMap('Equipments', 'equipment-tractor'));
    expect(screen.queryByLabelText(/Last day/)).toBeNull();
    cleanup();
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    expect(screen.queryByLabelText(/Last day/)).toBeNull();
  });
});

describe('the title (D-30)', () => {
  it('sends the typed title, at most 80 characters, and says an empty one is the subcategory', async () => {
    const fetchMock = routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    const title = screen.getByLabelText('Title (optional)') as HTMLInputElement;
    expect(title.maxLength).toBe(80);
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Left empty, your post is named by its subcategory. 0 of 80 characters.',
    );
    await fillDelivery();
    type('Title (optional)', 'Two boxes of mangoes');
    submit();
    await screen.findByText('Your post is published');
    const body = callsTo(fetchMock, 'POST /api/solution/addSolution')[0]![1]!.body as FormData;
    expect(JSON.parse(String(body.get('new_solution'))).title).toBe('Two boxes of mangoes');
  });
});

const echoText = () => screen.getByTestId('price-echo').textContent?.replace(/\s/g, ' ');

describe('an own price in three currencies', () => {
  it('echoes the typed amount in the other two currencies as it is typed', () => {
    localStorage.setItem('currency', 'dollar');
    routeFetch({});
    renderNeed(fromMap('Delivery', 'delivery-own'));
    expect(screen.getByTestId('price-echo').textContent).toBe('');
    type('Your price, in Dollar ($)', '10');
    expect(echoText()).toBe('That is about €9.20 or F CFA 6,035.');
    expect(screen.getByTestId('price-echo').getAttribute('aria-live')).toBe('polite');
  });

  it('writes the echo the French way for a French reader typing CFA francs', () => {
    localStorage.setItem('currency', 'fr');
    localStorage.setItem('language', 'fr-ca');
    routeFetch({});
    renderNeed(fromMap('Delivery', 'delivery-own'));
    type('Your price, in CFA franc (F CFA)', '3000');
    expect(echoText()).toBe('That is about 4,57 € or 4,97 $ US.');
  });

  it('asks before publishing a price 50 times the usual, and sends it only when confirmed', async () => {
    localStorage.setItem('currency', 'dollar');
    const fetchMock = routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderNeed(fromMap('Delivery', 'delivery-own'));
    await fillDelivery();
    type('Your price, in Dollar ($)', '3000');
    submit();
    const dialog = (await screen.findByText('Is this price right?')).closest('dialog') as HTMLElement;
    expect(
      within(dialog).getByText(/\$3,000.00 is far from the usual prices in Delivery \(\$2.20 to \$15.00\)/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/solution/addSolution')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Change the price' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Your price, in Dollar ($)'));
    expect(callsTo(fetchMock, 'POST /api/solution/addSolution')).toHaveLength(0);

    submit();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish anyway' }));
    await screen.findByText('Your post is published');
    const body = callsTo(fetchMock, 'POST /api/solution/addSolution')[0]![1]!.body as FormData;
    expect(JSON.parse(String(body.get('new_solution')))).toMatchObject({ price: '3000', currency: 'dollar' });
  });

  it('publishes a usual own price without asking', async () => {
    localStorage.setItem('currency', 'dollar');
    const fetchMock = routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderNeed(fromMap('Delivery', 'delivery-own'));
    await fillDelivery();
    type('Your price, in Dollar ($)', '12');
    submit();
    await screen.findByText('Your post is published');
    expect(screen.queryByText('Is this price right?')).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/solution/addSolution')).toHaveLength(1);
  });
});
