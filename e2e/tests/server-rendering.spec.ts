import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type ExtraServer, startExtraServer } from '../fixtures/extra-server';
import { watchHydration } from '../fixtures/hydration';
import { expect, test } from '../fixtures/test';
import { HomePage } from '../pages/marketing';
import { REPO_ROOT } from '../support/remote-build';

// Server rendering (ADR 010): a public page's first HTML already holds its heading and
// text, and the browser hydrates that HTML (keeps its elements) without a hydration error.

const PUBLIC_PAGES = [
  ['/', 'Same-day curbside and home delivery'],
  ['/auth', 'Welcome back'],
  ['/about-us', 'About Us'],
  ['/help-center', 'Help Center'],
  ['/landing', 'Delivery for Your Checkout'],
  ['/api-docs', 'API Documentation'],
  ['/how-it-works', 'How It Works'],
  ['/checkout-widget', 'Add delivery to any page with one snippet'],
] as const;

/** The text of the first `<h1>` inside `<div id="root">` of an HTML document, tags removed. */
function firstHeading(html: string): string | undefined {
  const root = html.slice(html.indexOf('<div id="root"'));
  return /<h1[^>]*>(.*?)<\/h1>/s
    .exec(root)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
}

/** Remembers the server's `<h1>` before any script runs (deferred scripts run after this). */
async function rememberServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverHeading: Element | null }).serverHeading =
          document.querySelector('#root h1');
      }
    });
  });
}

/** Whether the server's `<h1>` is still the one on screen and React has taken it over. */
function hydratedServerHeading(page: Page) {
  return page.evaluate(() => {
    const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
    const now = document.querySelector('#root h1');
    return Boolean(
      kept && kept === now && Object.keys(kept).some((key) => key.startsWith('__reactFiber')),
    );
  });
}

for (const [route, text] of PUBLIC_PAGES) {
  test(`${route} arrives rendered and hydrates without a mismatch`, async ({ page, request }) => {
    const response = await request.get(route, { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const heading = firstHeading(html);
    expect(heading, 'the first HTML has the page heading').toBeTruthy();
    expect(html).toContain(text);
    // The styles of that HTML come with it: no unstyled flash before JavaScript.
    expect(html).toMatch(/<style data-styled="true"[^>]*>[^<]+<\/style>[\s\S]*<\/head>/);

    const problems = watchHydration(page);
    await rememberServerHeading(page);
    await page.goto(route);
    await expect(page.locator('#root h1').first()).toHaveText(heading ?? '');
    await expect.poll(() => hydratedServerHeading(page), { timeout: 15_000 }).toBe(true);
    expect(problems).toEqual([]);
  });
}

test("the home page's retailer strip comes with the HTML and its data: the browser asks for nothing", async ({
  page,
  request,
}) => {
  const retailers = (await (await request.get('/api/retailers')).json()) as Array<{
    name: string;
  }>;
  expect(retailers.length).toBeGreaterThan(0);
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const root = html.slice(html.indexOf('<div id="root"'));
  // The logos are in the server's markup (as React escapes H&M and Macy's).
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
  for (const { name } of retailers) expect(root).toContain(`alt="${escaped(name)}"`);
  expect(html).toMatch(/<script type="application\/json" id="server-query-state">/);

  const problems = watchHydration(page);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await rememberServerHeading(page);
  await page.goto('/');
  await expect.poll(() => hydratedServerHeading(page), { timeout: 15_000 }).toBe(true);
  const strip = page.getByRole('region', { name: 'Partner retailer logos' });
  await strip.scrollIntoViewIfNeeded();
  await expect(strip.getByRole('img')).toHaveCount(retailers.length);
  await expect(strip.getByRole('link', { name: /Macy's/ })).toHaveAttribute('target', '_blank');
  await page.waitForLoadState('networkidle');
  // The list came with the page: no request for it, so the browser hydrated the server's list.
  expect(asked).not.toContain('/api/retailers');
  expect(problems).toEqual([]);
});

/** Holds the page's requests for `url` until the returned function is called. */
async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a form submitted before the page hydrated is answered once it has, not by the browser', async ({
  page,
}) => {
  // Hold the marketing remote's code, so the contact form is on screen but not yet React's.
  const release = await holdRequests(page, '**/remotes/marketing/**');
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  // Forced: a person does not wait for the page to say it is interactive.
  await form.getByRole('button', { name: 'Send message' }).click({ force: true });
  // The browser did not submit it itself (that would load /contact? with the fields in the URL).
  expect(new URL(page.url()).search).toBe('');
  await expect(form.getByText('Please enter your name')).toHaveCount(0);

  release();
  // The same press, answered by the form's own validation once hydrated.
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await expect(form.getByText('Please enter a message')).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});

test('the page says it is not yet interactive until it has hydrated, and a click waits for it', async ({
  page,
}) => {
  // Hold the retailer remote's code: the plans and the calculator are on screen, not yet React's.
  const release = await holdRequests(page, '**/remotes/retailer/**');
  await page.goto('/robot-leasing');
  await expect(page.locator('#root')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
  // Playwright waits, as assistive technology is told to, until the controls are usable.
  const chosen = page.getByRole('button', { name: 'Choose CurbRun Hauler' }).click();

  release();
  await chosen;
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.locator('#root')).not.toHaveAttribute('aria-disabled');
  await page.getByRole('button', { name: 'Choose Fleet' }).click();
  await expect(page.getByRole('button', { name: 'Fleet plan selected' })).toBeVisible();
  await page.getByLabel('Number of robots').fill('5');
  // $1,899 − 20% = $1,519.20 a robot; 5 robots − 5% = $7,216.20 a month.
  await expect(page.getByLabel('Lease cost')).toContainText('$7,216.20');
});

test('Copy on /landing copies on the first tap, right after the HTML arrives', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Hold every script: the server's page is on screen, and none of its code has run.
  const release = await holdRequests(page, /\/remotes\/retailer\/.*\.js(\?|$)/);
  await page.goto('/landing');
  const copy = page.getByRole('button', { name: 'Copy the example checkout request' });
  // Forced: a person taps what they see, whether or not the page is React's yet.
  await copy.click({ force: true });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('/api/checkout/initialize');
  expect(copied).toContain('Authorization: Bearer <api key>');

  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
});

test('a press that starts before the page hydrates and ends after it is a click: hydrating does not move the page', async ({
  page,
}) => {
  // Hold every script, so the server's form is on screen and scrolled to, but nothing runs yet.
  const release = await holdRequests(page, /\.js(\?|$)/);
  await page.goto('/auth?mode=register', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Register' });
  const button = form.getByRole('button', { name: 'Create account' });
  await button.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  // Below the fold: the visitor scrolled to it, where one click must be enough.
  expect(scrolled).toBeGreaterThan(0);
  const box = await button.boundingBox();
  if (!box) throw new Error('the button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();

  release();
  // Hydrated: the page's first effects have run (its title is the page's own).
  await expect(page).toHaveTitle(/^Login or register/);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.mouse.up();
  await expect(form.getByText('First name is required')).toBeVisible();
  expect(new URL(page.url()).search).toBe('?mode=register');
});

test("a pointer resting on the partner strip's arrow while the page hydrates scrolls the strip once it can", async ({
  page,
}) => {
  // Hold every script: the server's strip and its arrows are on screen, but nothing runs yet.
  const release = await holdRequests(page, /\.js(\?|$)/);
  await page.goto('/', { waitUntil: 'commit' });
  const home = new HomePage(page);
  await expect(home.retailerLinks()).toHaveCount(13);
  await home.strip.scrollIntoViewIfNeeded();
  // The mouse enters the arrow now, before React listens: this is its only mouseenter.
  await home.arrow('right').hover();

  await expect(home.arrow('right')).toHaveAttribute('aria-disabled', 'true');

  release();
  // Hydrated and measured: the strip knows it can move right, and does, with no new mouseenter.
  await expect(home.arrow('right')).toHaveAttribute('aria-disabled', 'false');
  await expect.poll(() => home.scrollLeft()).toBeGreaterThan(100);
  await page.mouse.move(0, 0);
  const stopped = await home.scrollLeft();
  await page.waitForTimeout(200);
  expect(await home.scrollLeft()).toBe(stopped);
});

test.describe('a remote whose Node build throws', () => {
  let server: ExtraServer | undefined;
  let staticRoot: string | undefined;

  test.beforeAll(async () => {
    // A second server on a fresh database: its first start migrates and seeds, which on a busy
    // machine takes longer than a test's default minute.
    test.setTimeout(120_000);
    // The suite's build, with mfe-marketing's Node build replaced by one that throws when loaded.
    const builds = process.env.DIST_ROOT ?? REPO_ROOT;
    staticRoot = await mkdtemp(path.join(os.tmpdir(), 'curbrun-broken-node-build-'));
    for (const app of ['shell', 'mfe-customer', 'mfe-curbside', 'mfe-retailer']) {
      await symlink(path.join(builds, app), path.join(staticRoot, app), 'dir');
    }
    const built = path.join(builds, 'mfe-marketing', 'dist');
    const dist = path.join(staticRoot, 'mfe-marketing', 'dist');
    await mkdir(path.join(dist, 'server'), { recursive: true });
    for (const entry of await readdir(built)) {
      if (entry !== 'server') await symlink(path.join(built, entry), path.join(dist, entry));
    }
    await writeFile(
      path.join(dist, 'server', 'routes.js'),
      "throw new Error('this release of the Node build is broken');\n",
    );
    server = await startExtraServer({ STATIC_ROOT: staticRoot });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  test('still gives a working page: the shell on the server, the remote in the browser', async ({
    page,
    request,
  }) => {
    const base = server?.baseURL ?? '';
    const response = await request.get(`${base}/about-us`, { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    // The header and footer came from the server; the remote's section did not.
    expect(html).toContain('Skip to main content');
    expect(firstHeading(html)).toBeUndefined();

    const problems = watchHydration(page);
    await page.goto(`${base}/about-us`);
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByText('This section is unavailable right now')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
