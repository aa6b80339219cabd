/**
 * Runs a remote's page chunks ahead of a navigation to it. Each remote renders its pages
 * with `React.lazy` inside its own Suspense boundary; a chunk that is only downloaded still needs a
 * script to run when the page renders, long enough for React to show the Loading fallback (and then
 * keep it at least 300 ms). A chunk whose script already ran is registered with the remote's
 * webpack runtime, so its `import()` settles at once and the page renders without a fallback.
 * Running a chunk only registers its modules; none of them executes before the page needs it.
 */
import { asyncChunkUrls } from '../remotes/federation-manifest';

function runScript(url: string): Promise<void> {
  const present = [...document.scripts].some((script) => script.src === url);
  if (present) return Promise.resolve();
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.setAttribute('fetchpriority', 'low');
    // Failures are the real visit's to report; a warm-up just stops.
    script.onload = () => resolve();
    script.onerror = () => resolve();
    document.head.appendChild(script);
  });
}

/**
 * Runs every async chunk of `expose` listed in the remote's manifest. The manifest comes from the
 * HTTP cache when the shell has just fetched it (`force-cache`), so this costs no round trip.
 */
export async function runRemoteChunks(manifestUrl: string, expose = './routes'): Promise<void> {
  const response = await fetch(manifestUrl, { cache: 'force-cache' });
  if (!response.ok) return;
  const urls = asyncChunkUrls(await response.json(), manifestUrl, expose);
  await Promise.all(urls.map(runScript));
}
