import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';

// No waterfall: the first HTML response of a page already carries what `/remotes.json`
// answers, the entry its remote's manifest names, and preload hints for the remote that owns the
// page, so the shell loads that remote with its own JavaScript, not after it. A server-rendered
// page keeps every hint in a template its one inline script applies once the HTML has painted
// (ADR 023). The fixture's CSP guard fails any test during which the page reported a
// Content-Security-Policy violation, so the policy's hash of that script is checked too.

const CONFIG_BLOCK = /<script type="application\/json" id="remotes-config">(.*?)<\/script>/;

async function firstHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  return response.text();
}

async function remoteFiles(request: APIRequestContext, remote: string) {
  const manifest = (await (await request.get(`/remotes/${remote}/mf-manifest.json`)).json()) as {
    metaData: { remoteEntry: { name: string; path?: string } };
    exposes: Array<{ path: string; assets: { js: { sync: string[] } } }>;
  };
  const entry = `/remotes/${remote}/${manifest.metaData.remoteEntry.path ?? ''}${manifest.metaData.remoteEntry.name}`;
  const routes = manifest.exposes.find((expose) => expose.path === './routes');
  return { entry, sync: (routes?.assets.js.sync ?? []).map((f) => `/remotes/${remote}/${f}`) };
}

for (const [path, remote, signedIn] of [
  ['/', 'marketing', false],
  ['/help-center', 'marketing', false],
  // A page for signed-in people: rendered as itself with a session cookie (the API login of
  // `authApi` leaves one in `request`).
  ['/curbside-pickup', 'curbside', true],
  ['/landing', 'retailer', false],
  ['/schedule-pickup/payment', 'customer', false],
] as const) {
  test(`the first HTML of ${path} carries the remotes configuration and preloads ${remote}`, async ({
    request,
    authApi,
  }) => {
    if (signedIn) await authApi.createUser();
    const html = await firstHtml(request, path);
    const inlined = JSON.parse(CONFIG_BLOCK.exec(html)?.[1] ?? 'null');
    expect(inlined).toEqual(await (await request.get('/remotes.json')).json());
    const { entry, sync } = await remoteFiles(request, remote);
    const later = /<template id="after-paint-hints">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(later).toContain(`<link rel="preload" as="script" href="${entry}">`);
    for (const file of sync) expect(later).toContain(`href="${file}"`);
    // Nothing is fetched beside the HTML but the shell's entry.
    const head = html.slice(0, html.indexOf('</head>')).replace(/<template.*<\/template>/, '');
    expect(head).not.toContain('rel="preload"');
    // The entry the manifest names comes with the page: the shell does not fetch the manifest.
    const entries =
      /<script type="application\/json" id="server-remote-entries">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(entries?.[1] ?? 'null')).toEqual({
      [`/remotes/${remote}/mf-manifest.json`]: entry,
    });
    // No other remote is hinted.
    expect(
      html
        .match(/rel="preload"[^>]*\/remotes\/(\w+)\//g)
        ?.every((l) => l.includes(`/remotes/${remote}/`)),
    ).toBe(true);
  });
}

test('a shell page gets the configuration and no remote hints', async ({ request }) => {
  const html = await firstHtml(request, '/auth');
  expect(CONFIG_BLOCK.test(html)).toBe(true);
  expect(html).not.toMatch(/rel="preload"[^>]*\/remotes\//);
});

test('a page for signed-in people, asked for without a session, is sent as the sign-in page', async ({
  request,
}) => {
  const html = await firstHtml(request, '/curbside-pickup?orderNumber=CR-100234');
  expect(html).toContain('<script type="application/json" id="sign-in-first">"/auth"</script>');
  expect(html).toContain('Welcome back');
  // None of the remote's code: the page's inline script remembers the page asked for and shows
  // the sign-in address before it paints.
  expect(html).not.toMatch(/rel="preload"[^>]*\/remotes\//);
  expect(html).not.toContain('server-remote-entries');
});

test('the shell uses the inlined configuration and the preloads: no /remotes.json, each file once', async ({
  page,
  request,
}) => {
  const { entry } = await remoteFiles(request, 'marketing');
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The heading comes with the HTML; the shell reads the configuration just before it hydrates,
  // which on a busy machine can come after the preloaded files have left the network idle.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.waitForLoadState('networkidle');
  expect(requested).not.toContain('/remotes.json');
  // The preloads were used, not fetched a second time, and the manifest was not needed.
  expect(requested.filter((p) => p === entry)).toHaveLength(1);
  expect(requested).not.toContain('/remotes/marketing/mf-manifest.json');
  // The hints were applied after the first paint: live in the head now.
  expect(await page.locator(`head > link[rel="preload"][href="${entry}"]`).count()).toBe(1);
  expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
  // The data block was read and removed, so a Retry would fetch /remotes.json afresh.
  await expect(page.locator('#remotes-config')).toHaveCount(0);
});
