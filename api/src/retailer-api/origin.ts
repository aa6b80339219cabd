/**
 * Whether a page origin (`https://shop.example.com`) may use a retailer's widget, given the
 * allowed domains from onboarding: `shop.example.com` (any port), `localhost:3000` (that port
 * only) or `*.example.com` (any subdomain, not the bare domain).
 */
export function originAllowed(origin: string, allowedDomains: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const hostname = url.hostname.toLowerCase();
  const port = url.port;
  return allowedDomains.some((entry) => {
    const [pattern = '', entryPort] = entry.toLowerCase().split(':');
    if (entryPort !== undefined && entryPort !== port) return false;
    if (pattern.startsWith('*.')) {
      const base = pattern.slice(2);
      return hostname.endsWith(`.${base}`) && hostname.length > base.length + 1;
    }
    return hostname === pattern;
  });
}
