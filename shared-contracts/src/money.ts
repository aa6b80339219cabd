/**
 * Money as people read it. No zod here: the embeddable checkout widget (mfe-retailer/src/widget)
 * imports it and must stay a small script without dependencies.
 */

/** "$12.34" from 1234; thousands get a separator and negative amounts a leading minus. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
