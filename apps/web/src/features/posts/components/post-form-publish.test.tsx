import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, routeFetch } from '../../../testing/render';
import { server } from '../../../testing/server';
import {
  fromMap,
  renderNeed,
  renderProvide,
  block,
  type,
  submit,
  formAlert,
  image,
  chooseImages,
  fillDelivery,
  created,
  geolocation,
  setUpPostFormTests,
} from '../testing/post-form-test-setup';

setUpPostFormTests();

describe('the images', () => {
  it('previews each image with a remove button, and revokes the preview when removed', () => {
    routeFetch({});
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    chooseImages(image('a.png'), image('b.png'));
    expect(screen.getByAltText('Image 1: a.png').getAttribute('src')).toBe('blob:preview-1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1 (a.png)' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByAltText('Image 1: b.png')).toBeInTheDocument();
  });

  it('says "Only 4 images can be uploaded at a time" for a fifth image and clears the selection', () => {
    routeFetch({});
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    chooseImages(image('a.png'));
    chooseImages(image('1.png'), image('2.png'), image('3.png'), image('4.png'));
    expect(screen.getByRole('alert').textContent).toBe('Only 4 images can be uploaded at a time');
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect((document.querySelector('input[type="file"]') as HTMLInputElement).value).toBe('');
  });
});

describe('publishing', () => {
  it('says "Please fill the fields" in red and sends nothing when the form is empty', () => {
    const fetchMock = routeFetch({});
    renderNeed(fromMap('Delivery', 'delivery-own'));
    submit();
    const alert = formAlert();
    expect(alert?.textContent).toBe('Please fill the fields');
    expect(alert?.className).toContain('notice-error');
    const description = screen.getByLabelText('Description');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    const why = document.getElementById(description.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(why?.textContent).toBe('This field is required.');
    expect(within(block('Delivery address')).getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/Your price/).getAttribute('aria-invalid')).toBe('true');
    // The first refused field takes the focus: here the price, above the description.
    expect(document.activeElement).toBe(screen.getByLabelText(/Your price/));
    expect(callsTo(fetchMock, 'POST /api/solution/addSolution')).toHaveLength(0);
  });

  it('sends new_solution and the images as multipart, then offers to share the post', async () => {
    const fetchMock = routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    await fillDelivery();
    chooseImages(image('box.png'));
    submit();
    const dialog = (await screen.findByText('Your post is published')).closest('dialog') as HTMLElement;

    const [call] = callsTo(fetchMock, 'POST /api/solution/addSolution');
    const body = call![1]!.body as FormData;
    expect(JSON.parse(String(body.get('new_solution')))).toEqual({
      user_role: 'needSolution',
      category: 'Delivery',
      sub_category_id: 'delivery-small-box',
      // D-30: no title typed; the server derives it.
      title: null,
      description: 'Two boxes of mangoes to Thiès',
      // D-24: a user of Senegal who chose no currency posts in CFA francs.
      currency: 'fr',
      pickup_lat: 14.6928,
      pickup_lng: -17.4467,
      pickup_street_address: null,
      pickup_city: 'Dakar',
      pickup_region: null,
      pickup_country: 'SN',
      pickup_postal_address: null,
      pickup_date: '2099-03-01',
      delivery_street_address: null,
      delivery_city: 'Thiès',
      delivery_region: null,
      delivery_country: 'SN',
      delivery_postal_address: null,
      delivery_date: '2099-03-02',
      delivery_lat: null,
      delivery_lng: null,
      // D-33: not booked by date, and a delivery date ends it.
      unit: null,
      capacity: null,
      dates_to: null,
      // D-35: off by default: others see an area around it.
      show_exact_location: false,
    });
    expect(body.getAll('files').map((f) => (f as File).name)).toEqual(['box.png']);
    expect(geolocation).not.toHaveBeenCalled();

    // Below 500 px: the device share sheet, with the link to the need's page.
    vi.stubGlobal('innerWidth', 375);
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledOnce());
    expect(share.mock.calls[0]![0].url).toBe(`${window.location.origin}/clientsdetails/s1/u1`);
    expect((await within(dialog).findByRole('status')).textContent).toBe('Thanks for sharing!');
  });

  it('sends show_exact_location when the owner shows the exact place (D-35), off by default', async () => {
    const fetchMock = routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    await fillDelivery();
    const exact = screen.getByLabelText('Show the exact place (a shop or a depot)') as HTMLInputElement;
    expect(exact.checked).toBe(false);
    expect(exact.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(exact);
    submit();
    await screen.findByText('Your post is published');
    const [call] = callsTo(fetchMock, 'POST /api/solution/addSolution');
    const sent = JSON.parse(String((call![1]!.body as FormData).get('new_solution')));
    expect(sent.show_exact_location).toBe(true);
  });

  it('goes to /dashboard with Back to Dashboard', async () => {
    routeFetch({ 'POST /api/solution/addSolution': [201, { data: created }] });
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    await fillDelivery();
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toMatch(/^\/dashboard /));
  });

  it('shows a busy button while publishing', async () => {
    let answer: (r: Response) => void = () => {};
    server.use(http.all('*', () => new Promise<Response>((resolve) => (answer = resolve))));
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    await fillDelivery();
    submit();
    const button = await screen.findByRole('button', { name: 'Publishing…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    answer(new Response(JSON.stringify({ data: created }), { status: 201 }));
    expect(await screen.findByText('Your post is published')).toBeInTheDocument();
  });

  it('says "Please fill all input fields" with the server\'s reasons next to the fields', async () => {
    routeFetch({
      'POST /api/solution/addSolution': [
        400,
        {
          code: 'VALIDATION',
          message: 'Invalid input',
          fields: { pickup_city: 'Required', description: 'Contains a phone number' },
        },
      ],
    });
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    await fillDelivery();
    submit();
    await waitFor(() => expect(formAlert()?.textContent).toBe('Please fill all input fields'));
    const city = within(block('Pickup address')).getByLabelText('City');
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(city.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This field is required.',
    );
    expect(screen.getByText('Contains a phone number').className).toBe('field-problem');
  });

  it.each([
    [415, 'UNSUPPORTED_MEDIA', 'Only image files can be uploaded (JPEG, PNG, WebP…).'],
    [413, 'PAYLOAD_TOO_LARGE', 'The images are too large. Choose smaller or fewer images.'],
  ])('explains a %i about the images', async (status, code, text) => {
    routeFetch({ 'POST /api/solution/addSolution': [status, { code, message: '' }] });
    renderNeed(fromMap('Delivery', 'delivery-small-box'));
    await fillDelivery();
    chooseImages(image('big.png'));
    submit();
    await waitFor(() => expect(formAlert()?.textContent).toBe(text));
    expect(document.querySelector('input[type="file"]')?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('a form opened without the selection map', () => {
  it("asks the category, uses the browser's position and links to the selection map", async () => {
    routeFetch({});
    renderProvide(null);
    expect(geolocation).toHaveBeenCalledOnce();
    expect(document.querySelector('.post-place')?.textContent).toBe('Your current position (14.70000, -17.45000).');
    expect(screen.queryByRole('link', { name: 'Choose on the map' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Herbs' } });
    // One subcategory only: chosen at once.
    expect((screen.getByLabelText('Subcategory') as HTMLSelectElement).value).toBe('herbs-own');
    type('Description', 'Fresh mint');
    const link = screen.getByRole('link', { name: 'Choose on the map' });
    expect(link.getAttribute('href')).toBe('/selectionmap/Herbs/herbs-own');
    fireEvent.click(link);
    expect(screen.getByTestId('elsewhere').textContent).toBe(
      '/selectionmap/Herbs/herbs-own {"url":"/providesolutionForm","categoryData":{"category":"Herbs","subCategoryId":"herbs-own"}}',
    );
    // What was typed waits for the way back.
    expect(JSON.parse(sessionStorage.getItem('postFormDraft:provideSolution') ?? '{}').description).toBe('Fresh mint');
  });

  it('says the position is needed when the browser refuses it', () => {
    geolocation.mockImplementation((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1 } as GeolocationPositionError),
    );
    routeFetch({});
    renderNeed({ categoryData: { category: 'Space', subCategoryId: 'space-bed' } });
    expect(screen.getByText('Your position is not available. Choose the place on the map.')).toBeInTheDocument();
    submit();
    expect(
      screen.getByText('Your position is needed: allow location in your browser, or choose the place on the map.'),
    ).toBeInTheDocument();
  });
});

describe("the form's place (D-26)", () => {
  it('names the point chosen on the map by its nearest city, not by its coordinates', async () => {
    const fetchMock = routeFetch({
      'GET /api/places/reverse': [
        200,
        {
          data: {
            name: 'Thiès',
            region: 'Thies',
            country_code: 'SN',
            country_name: 'Senegal',
            lat: 14.79,
            lng: -16.93,
          },
        },
      ],
    });
    renderNeed({ ...fromMap('Delivery', 'delivery-small-box'), lat: 14.78944, lng: -16.92602 });
    await waitFor(() =>
      expect(document.querySelector('.post-place')?.textContent).toBe(
        'The place you chose on the map: near Thiès, Senegal.',
      ),
    );
    expect(document.querySelector('.post-place')?.textContent).not.toContain('14.78944');
    const [url] = callsTo(fetchMock, 'GET /api/places/reverse')[0]!;
    expect(new URL(url, location.href).searchParams.get('lat')).toBe('14.78944');
  });

  it("names the device's position the same way", async () => {
    routeFetch({
      'GET /api/places/reverse': [
        200,
        {
          data: {
            name: 'Dakar',
            region: 'Dakar',
            country_code: 'SN',
            country_name: 'Senegal',
            lat: 14.69,
            lng: -17.44,
          },
        },
      ],
    });
    renderProvide(null);
    await waitFor(() =>
      expect(document.querySelector('.post-place')?.textContent).toBe('Your current position: near Dakar, Senegal.'),
    );
  });
});
