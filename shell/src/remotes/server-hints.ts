import type { RemoteName } from '../routing/route-table';

/**
 * Releases the preload hints the server put in the page for a remote (api/src/http/page-html.ts).
 * Chromium keeps a preload that failed (the remote was down when the page loaded) and hands that
 * failure to the first script or fetch that asks for the same URL, even after the link element is
 * gone; a Retry would then fail again although the remote is back. Consuming each hinted URL once,
 * here, before Retry loads the remote again, clears that state: a failed preload is used up by
 * this request, a successful one just runs early (the server hints only the remote's entry and its
 * first chunk: classic scripts that wait for the container loader to call them).
 */
export async function releaseServerHints(
  name: RemoteName,
  doc: Document = document,
): Promise<void> {
  const prefix = `/remotes/${name}/`;
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter((link) =>
    new URL(link.href, doc.baseURI).pathname.startsWith(prefix),
  );
  await Promise.all(
    links.map((link) => {
      link.remove();
      return new Promise<void>((resolve) => {
        const script = doc.createElement('script');
        script.src = link.href;
        script.onload = script.onerror = () => {
          script.remove();
          resolve();
        };
        doc.head.append(script);
      });
    }),
  );
}
