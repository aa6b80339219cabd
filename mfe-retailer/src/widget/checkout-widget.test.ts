import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  defineCheckoutWidget,
  ELEMENT_NAME,
  parseCart,
  safeColor,
  textOn,
} from './checkout-widget';

const QUOTE = {
  business_name: 'Acme Outfitters',
  livemode: false,
  items_total_cents: 5000,
  delivery_options: [
    {
      delivery_type: 'curbside',
      label: 'Curbside pickup',
      available: true,
      reason: null,
      from_fee_cents: 499,
      priced_for_address: false,
      windows: [{ window: '6h', label: '6-hour window', available: true, fee_cents: 499 }],
    },
    {
      delivery_type: 'home',
      label: 'Home delivery',
      available: true,
      reason: null,
      from_fee_cents: 699,
      priced_for_address: false,
      windows: [{ window: '6h', label: '6-hour window', available: true, fee_cents: 699 }],
    },
  ],
};

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function mount(attributes: Record<string, string>) {
  const element = document.createElement(ELEMENT_NAME);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

beforeAll(() => defineCheckoutWidget('https://curbrun.test'));
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('<curbrun-checkout>', () => {
  const cart = JSON.stringify([{ name: 'Tee', quantity: 2, unit_price_cents: 2500 }]);

  it('prices its cart with the publishable key and shows the chosen delivery types', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => json(200, QUOTE));
    const element = mount({
      'publishable-key': 'pk_test_abc',
      cart,
      'delivery-types': 'home',
      'button-label': 'Deliver it',
    });
    const root = element.shadowRoot as ShadowRoot;
    await waitFor(() => expect(root.textContent).toContain('Delivery from Acme Outfitters'));
    expect(root.textContent).toContain('Home delivery');
    expect(root.textContent).toContain('from $6.99');
    expect(root.textContent).not.toContain('Curbside pickup');
    expect(root.textContent).toContain('Test mode');
    expect(root.querySelector('button')?.textContent).toBe('Deliver it');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://curbrun.test/api/v1/widget/quote');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Bearer pk_test_abc',
    );
    expect(JSON.parse(String(init?.body))).toEqual({ order_items: JSON.parse(cart) });
  });

  it('opens the checkout with an Idempotency-Key and reports refusals', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() => json(200, QUOTE))
      .mockImplementationOnce(() =>
        json(201, { id: 's1', checkout_url: 'https://curbrun.test/checkout?session=s1' }),
      );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const opened = vi.fn();
    const element = mount({ 'publishable-key': 'pk_test_abc', cart, preview: '' });
    element.addEventListener('curbrun:checkout-opened', opened);
    const root = element.shadowRoot as ShadowRoot;
    await waitFor(() => expect(root.querySelector('button')?.disabled).toBe(false));
    root.querySelector('button')?.click();
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://curbrun.test/checkout?session=s1',
        '_blank',
        'noopener',
      ),
    );
    expect(opened).toHaveBeenCalled();
    const init = fetchMock.mock.calls[1]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    );

    fetchMock.mockImplementationOnce(() =>
      json(403, {
        message: 'The origin https://evil.test is not on this retailer’s allowed domains.',
      }),
    );
    const refused = mount({ 'publishable-key': 'pk_test_abc', cart });
    await waitFor(() =>
      expect(refused.shadowRoot?.querySelector('[role="alert"]')?.textContent).toContain(
        'https://evil.test',
      ),
    );
    expect(refused.shadowRoot?.querySelector('button')?.disabled).toBe(true);
  });

  it('takes the cart as a property too, as an array or as JSON text (React 19 sets properties)', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => json(200, QUOTE));
    const element = mount({ 'publishable-key': 'pk_test_abc' }) as HTMLElement & { cart: unknown };
    element.cart = cart;
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
      order_items: JSON.parse(cart),
    });
    element.cart = [{ name: 'Cap', quantity: 1, unit_price_cents: 1800 }];
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[1]?.body)).toContain('"Cap"'));
  });

  it('explains a missing key or cart without calling the API', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const element = mount({ cart });
    await waitFor(() =>
      expect(element.shadowRoot?.textContent).toContain('This widget needs a publishable key'),
    );
    const empty = mount({ 'publishable-key': 'pk_test_abc', cart: '[]' });
    await waitFor(() => expect(empty.shadowRoot?.textContent).toContain('The cart is empty.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('widget helpers', () => {
  it('accepts only hex colours and picks readable text', () => {
    expect(safeColor('#7a1fa2')).toBe('#7a1fa2');
    expect(safeColor('red; background: url(x)')).toBe('#0b5cad');
    expect(textOn('#ffffff')).toBe('#101828');
    expect(textOn('#0b5cad')).toBe('#ffffff');
    expect(textOn('#fb0')).toBe('#101828');
  });

  it('parses a JSON cart and refuses anything else', () => {
    expect(parseCart('[{"name":"Tee","quantity":1,"unit_price_cents":100}]')).toHaveLength(1);
    expect(parseCart('[]')).toBeNull();
    expect(parseCart('{')).toBeNull();
    expect(parseCart(null)).toBeNull();
  });
});
