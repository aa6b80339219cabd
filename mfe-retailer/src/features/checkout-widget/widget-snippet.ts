/** The builder's settings, as the embed snippet and the live preview use them. */
export interface WidgetSettings {
  themeColor: string;
  deliveryTypes: ('curbside' | 'home')[];
  buttonLabel: string;
}

export const DEFAULT_SETTINGS: WidgetSettings = {
  themeColor: '#0b5cad',
  deliveryTypes: ['curbside', 'home'],
  buttonLabel: 'Checkout with delivery',
};

export const SAMPLE_CART = [
  { sku: 'TEE-M-BLK', name: 'Organic tee (M, black)', quantity: 2, unit_price_cents: 2500 },
  { sku: 'CAP-01', name: 'Canvas cap', quantity: 1, unit_price_cents: 1800 },
];

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML a retailer pastes into a product or cart page. */
export function embedSnippet(options: {
  scriptUrl: string;
  apiBase: string;
  publishableKey: string;
  settings: WidgetSettings;
}): string {
  const { settings } = options;
  return [
    `<script src="${options.scriptUrl}" defer></script>`,
    '<curbrun-checkout',
    `  publishable-key="${escapeAttribute(options.publishableKey)}"`,
    `  api-base="${escapeAttribute(options.apiBase)}"`,
    `  theme-color="${escapeAttribute(settings.themeColor)}"`,
    `  delivery-types="${settings.deliveryTypes.join(',')}"`,
    `  button-label="${escapeAttribute(settings.buttonLabel)}"`,
    `  cart='${JSON.stringify(SAMPLE_CART).replace(/'/g, '&#39;')}'>`,
    '</curbrun-checkout>',
    '<!-- Set the cart from your page: document.querySelector("curbrun-checkout").cart = [...] -->',
  ].join('\n');
}

/** `…/remotes/retailer/mf-manifest.json` (from /remotes.json) → the widget script beside it. */
export function widgetScriptUrl(manifestUrl: string, origin: string): string {
  return new URL('checkout-widget.js', new URL(manifestUrl, origin)).toString();
}
