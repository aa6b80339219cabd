/**
 * The address a same-site link at `target` (or around it) leads to, or null when it leaves the
 * site or is not for following here: no link, a download, or one that opens another tab or
 * window. What the router's own links follow; the shell's link preloading and the links of parts
 * left unhydrated (./server-html.ts) use it for plain HTML links.
 */
export function sameSiteLink(target: EventTarget | null, location: Location): URL | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if (link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  let url: URL;
  try {
    url = new URL(link.href, location.href);
  } catch {
    return null;
  }
  return url.origin === location.origin ? url : null;
}
