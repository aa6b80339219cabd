/**
 * `<curbrun-checkout>`: the embeddable checkout widget. A standalone custom element with
 * no React and no dependencies (it must stay under 20 KB gzip on retailers' pages): it prices the
 * cart it is given with the retailer's publishable key and opens the CurbRun checkout.
 *
 * <script src="https://curbrun.example/remotes/retailer/checkout-widget.js" defer></script>
 * <curbrun-checkout publishable-key="pk_test_…" theme-color="#0b5cad"
 *   delivery-types="curbside,home" button-label="Checkout with delivery"
 *   cart='[{"name":"Tee","quantity":2,"unit_price_cents":2500}]'></curbrun-checkout>
 */

// zod-free, like everything the widget imports (the 20 KB budget).
import { formatCents } from 'shared-contracts/money';
import { ELEMENT_NAME } from './element-name';

export { ELEMENT_NAME };

export interface WidgetCartItem {
  sku?: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
}

interface WindowOption {
  window: string;
  label: string;
  available: boolean;
  fee_cents: number | null;
}

interface DeliveryOption {
  delivery_type: 'curbside' | 'home';
  label: string;
  available: boolean;
  reason: string | null;
  from_fee_cents: number | null;
  priced_for_address: boolean;
  windows: WindowOption[];
}

interface Quote {
  business_name: string;
  livemode: boolean;
  items_total_cents: number;
  delivery_options: DeliveryOption[];
}

const DEFAULT_LABEL = 'Checkout with delivery';
const DEFAULT_COLOR = '#0b5cad';

/** A colour the widget can safely put in CSS: #rgb or #rrggbb only. */
export function safeColor(value: string | null): string {
  return value && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : DEFAULT_COLOR;
}

/** Black or white text, whichever reads better on the theme colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#101828' : '#ffffff';
}

export function parseCart(value: string | null): WidgetCartItem[] | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || parsed.length === 0) return null;
    return parsed as WidgetCartItem[];
  } catch {
    return null;
  }
}

/** An Idempotency-Key; `crypto.randomUUID` needs a secure context, which a shop page may not be. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const STYLE = `
:host { display: block; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #101828; max-width: 420px; }
.box { border: 1px solid #d0d5dd; border-radius: 12px; padding: 16px; background: #fff; }
h2 { font-size: 1rem; margin: 0 0 8px; }
ul { list-style: none; margin: 0 0 12px; padding: 0; }
li { display: flex; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid #eaecf0; }
li:last-child { border-bottom: 0; }
.muted { color: #475467; font-size: 0.875rem; }
.fee { font-weight: 700; white-space: nowrap; }
button { width: 100%; min-height: 44px; border: 0; border-radius: 8px; font: inherit; font-weight: 700; cursor: pointer; background: var(--cr-color); color: var(--cr-text); }
button:focus-visible { outline: 3px solid #1570ef; outline-offset: 2px; }
button[disabled] { opacity: 0.6; cursor: progress; }
.error { color: #b42318; margin: 8px 0 0; font-size: 0.875rem; }
.badge { display: inline-block; font-size: 0.75rem; font-weight: 700; background: #fffaeb; color: #93370d; border-radius: 999px; padding: 1px 8px; margin-left: 6px; }
`;

export class CurbRunCheckoutElement extends HTMLElement {
  static observedAttributes = [
    'publishable-key',
    'cart',
    'theme-color',
    'delivery-types',
    'button-label',
    'api-base',
    'store-id',
    'preview',
  ];

  /** Where the widget script came from (set by the entry); the API lives there too. */
  static defaultApiBase = '';

  #root: ShadowRoot;
  #cart: WidgetCartItem[] | null = null;
  #quote: Quote | null = null;
  #error: string | null = null;
  #loading = false;
  #opening = false;
  #request = 0;
  #scheduled = false;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
  }

  /** The cart as a property (frameworks) or the `cart` attribute (JSON). */
  get cart(): WidgetCartItem[] | null {
    return this.#cart ?? parseCart(this.getAttribute('cart'));
  }

  /** An array, or JSON text: React 19 sets a property of this name instead of the attribute. */
  set cart(items: WidgetCartItem[] | string | null) {
    this.#cart = typeof items === 'string' ? parseCart(items) : items;
    this.#refresh();
  }

  connectedCallback() {
    this.#refresh();
  }

  attributeChangedCallback(name: string, previous: string | null, next: string | null) {
    if (previous === next || !this.isConnected) return;
    if (name === 'theme-color' || name === 'button-label' || name === 'delivery-types') {
      this.#render();
    } else {
      this.#refresh();
    }
  }

  get #apiBase(): string {
    return (this.getAttribute('api-base') ?? CurbRunCheckoutElement.defaultApiBase).replace(
      /\/+$/,
      '',
    );
  }

  get #types(): string[] {
    const raw = this.getAttribute('delivery-types');
    const list = (raw ?? 'curbside,home')
      .split(',')
      .map((type) => type.trim())
      .filter((type) => type === 'curbside' || type === 'home');
    return list.length ? list : ['curbside', 'home'];
  }

  async #post<T>(path: string, body: unknown, idempotencyKey?: string): Promise<T> {
    const response = await fetch(`${this.#apiBase}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${this.getAttribute('publishable-key') ?? ''}`,
        'Content-Type': 'application/json',
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) {
      const message =
        data && typeof data === 'object' && 'message' in data
          ? String((data as { message: unknown }).message)
          : `Request failed (${response.status})`;
      throw new Error(message);
    }
    // Not parsed with the shared zod schemas like the pages' reads: the widget ships without
    // dependencies to stay under 20 KB gzip on retailers' pages, most of which zod alone would use.
    return data as T;
  }

  #body() {
    const storeId = this.getAttribute('store-id');
    return { order_items: this.cart ?? [], ...(storeId ? { store_id: storeId } : {}) };
  }

  /** Re-prices once per burst of changes (several attributes set in a row). */
  #refresh() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      void this.#load();
    });
  }

  async #load() {
    const request = ++this.#request;
    if (!this.getAttribute('publishable-key')) {
      this.#error = 'This widget needs a publishable key (publishable-key="pk_test_…").';
      this.#quote = null;
      this.#render();
      return;
    }
    if (!this.cart) {
      this.#error = 'The cart is empty.';
      this.#quote = null;
      this.#render();
      return;
    }
    this.#loading = true;
    this.#error = null;
    this.#render();
    try {
      const quote = await this.#post<Quote>('/api/v1/widget/quote', this.#body());
      if (request !== this.#request) return;
      this.#quote = quote;
    } catch (error) {
      if (request !== this.#request) return;
      this.#quote = null;
      this.#error = error instanceof Error ? error.message : 'Delivery options are unavailable.';
    } finally {
      if (request === this.#request) {
        this.#loading = false;
        this.#render();
      }
    }
  }

  async #open() {
    if (this.#opening) return;
    this.#opening = true;
    this.#error = null;
    this.#render();
    try {
      const session = await this.#post<{ id: string; checkout_url: string }>(
        '/api/v1/widget/checkout',
        this.#body(),
        randomKey(),
      );
      this.dispatchEvent(
        new CustomEvent('curbrun:checkout-opened', {
          detail: session,
          bubbles: true,
          composed: true,
        }),
      );
      if (this.hasAttribute('preview')) window.open(session.checkout_url, '_blank', 'noopener');
      else window.location.assign(session.checkout_url);
    } catch (error) {
      this.#error = error instanceof Error ? error.message : 'The checkout could not be opened.';
      this.dispatchEvent(
        new CustomEvent('curbrun:error', {
          detail: { message: this.#error },
          bubbles: true,
          composed: true,
        }),
      );
    } finally {
      this.#opening = false;
      this.#render();
    }
  }

  #render() {
    const color = safeColor(this.getAttribute('theme-color'));
    const label = this.getAttribute('button-label')?.trim() || DEFAULT_LABEL;
    const types = this.#types;
    const options = (this.#quote?.delivery_options ?? []).filter((option) =>
      types.includes(option.delivery_type),
    );
    const items = options
      .map((option) => {
        const fee = option.available
          ? `${option.priced_for_address ? '' : 'from '}${formatCents(option.from_fee_cents ?? 0)}`
          : 'Unavailable';
        const detail = option.available
          ? option.windows
              .filter((w) => w.available && w.fee_cents !== null)
              .map((w) => `${w.label} ${formatCents(w.fee_cents ?? 0)}`)
              .join(' · ')
          : (option.reason ?? '');
        return `<li><span><strong>${escapeHtml(option.label)}</strong><br><span class="muted">${escapeHtml(detail)}</span></span><span class="fee">${fee}</span></li>`;
      })
      .join('');
    const test = this.#quote && !this.#quote.livemode ? '<span class="badge">Test mode</span>' : '';
    const title = this.#quote
      ? `Delivery from ${escapeHtml(this.#quote.business_name)}${test}`
      : 'Delivery options';
    const status = this.#loading ? '<p class="muted">Loading delivery options…</p>' : '';
    const canOpen = Boolean(this.#quote) && !this.#opening && options.some((o) => o.available);
    this.#root.innerHTML = `<style>${STYLE}</style>
<div class="box" style="--cr-color:${color};--cr-text:${textOn(color)}">
  <h2>${title}</h2>
  <div aria-live="polite">${status}${options.length ? `<ul aria-label="Delivery options">${items}</ul>` : ''}</div>
  <button type="button"${canOpen ? '' : ' disabled'}>${escapeHtml(this.#opening ? 'Opening checkout…' : label)}</button>
  ${this.#error ? `<p class="error" role="alert">${escapeHtml(this.#error)}</p>` : ''}
</div>`;
    this.#root.querySelector('button')?.addEventListener('click', () => void this.#open());
  }
}

/** Registers the element once (a page may include the script twice). */
export function defineCheckoutWidget(apiBase?: string): void {
  if (apiBase) CurbRunCheckoutElement.defaultApiBase = apiBase;
  if (!customElements.get(ELEMENT_NAME)) {
    customElements.define(ELEMENT_NAME, CurbRunCheckoutElement);
  }
}
