export const LOGO_WIDTH = 240;
export const LOGO_HEIGHT = 80;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * A self-contained wordmark for a partner retailer: we have no licence to ship their artwork, and
 * the page must not load anything from other hosts. Explicit width/height let the browser reserve
 * the space before the image arrives (no layout shift in the partner strip).
 */
export function renderRetailerLogo(retailer: { name: string; brandColor: string }): string {
  // The colour ends up inside an attribute; anything but #rrggbb falls back to near-black.
  const color = HEX_COLOR.test(retailer.brandColor) ? retailer.brandColor : '#1a1a1a';
  const name = escapeXml(retailer.name);
  // Rough width of a bold sans-serif glyph is 0.62 em; shrink long names to fit the padding.
  const available = LOGO_WIDTH - 32;
  const fontSize = Math.min(34, Math.floor(available / (Math.max(retailer.name.length, 1) * 0.62)));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}"`,
    ` viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}" role="img" aria-labelledby="title">`,
    `<title id="title">${name}</title>`,
    `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" rx="12" fill="#ffffff"/>`,
    `<rect x="1" y="1" width="${LOGO_WIDTH - 2}" height="${LOGO_HEIGHT - 2}" rx="11" fill="none"`,
    ` stroke="${color}" stroke-opacity="0.25" stroke-width="2"/>`,
    `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" fill="${color}"`,
    ` font-family="'Helvetica Neue', Helvetica, Arial, sans-serif" font-size="${fontSize}"`,
    ` font-weight="700" letter-spacing="0.5">${name}</text>`,
    '</svg>',
  ].join('');
}
