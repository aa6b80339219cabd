import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AFTER_PAINT_SCRIPT_ELEMENT } from './after-paint-script.ts';
import {
  composePage,
  createPageComposer,
  jsonForScript,
  ownerOf,
  type RouteOwners,
  remotePreloads,
} from './page-html.ts';

const TABLE: RouteOwners = {
  owners: {
    marketing: ['/', '/about-us'],
    customer: ['/schedule-pickup'],
    curbside: ['/curbside-pickup'],
    retailer: ['/robot-leasing', '/landing'],
  },
  shellPaths: ['/auth'],
};

const CONFIG = {
  marketing: '/remotes/marketing/mf-manifest.json',
  customer: '/remotes/customer/mf-manifest.json',
  curbside: '/remotes/curbside/mf-manifest.json',
  retailer: 'https://cdn.example/retailer/mf-manifest.json',
};

const manifest = (entry: string, routes = ['__federation_expose_routes.0123456789.js']) => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: entry, path: '' } },
  exposes: [{ path: './routes', assets: { js: { sync: routes, async: ['950.abc.js'] } } }],
});

describe('ownerOf', () => {
  it('finds the owning remote like the shell does', () => {
    expect(ownerOf('/', TABLE)).toBe('marketing');
    expect(ownerOf('/About-Us/', TABLE)).toBe('marketing');
    expect(ownerOf('/schedule-pickup/payment', TABLE)).toBe('customer');
    expect(ownerOf('/robot-leasing', TABLE)).toBe('retailer');
    // Whole segments: /robot-leasing does not own /robot-leasing-payment.
    expect(ownerOf('/robot-leasing-payment', TABLE)).toBeNull();
    expect(ownerOf('/auth', TABLE)).toBeNull();
    expect(ownerOf('/landing', undefined)).toBeNull();
  });
});

describe('remotePreloads', () => {
  it('hints the remote entry and the ./routes chunk beside the manifest, not the manifest', () => {
    expect(
      remotePreloads('/remotes/marketing/mf-manifest.json', manifest('remoteEntry.aaaaaaaaaa.js')),
    ).toEqual([
      { href: '/remotes/marketing/remoteEntry.aaaaaaaaaa.js', as: 'script' },
      { href: '/remotes/marketing/__federation_expose_routes.0123456789.js', as: 'script' },
    ]);
  });

  it('follows an explicit publicPath and keeps other origins absolute', () => {
    const hints = remotePreloads('https://cdn.example/m/mf-manifest.json', {
      metaData: { publicPath: 'https://assets.example/m/', remoteEntry: { name: 'e.js' } },
    });
    expect(hints).toEqual([{ href: 'https://assets.example/m/e.js', as: 'script' }]);
  });
});

describe('composePage', () => {
  const template = '<!doctype html><html><head><title>x</title></head><body></body></html>';

  it('inlines the remotes configuration as a JSON data block and the hints before </head>', () => {
    const html = composePage(template, {
      remotesConfig: CONFIG,
      preloads: [{ href: '/remotes/marketing/remoteEntry.aaaaaaaaaa.js', as: 'script' }],
    });
    expect(html).toContain(
      '<link rel="preload" as="script" href="/remotes/marketing/remoteEntry.aaaaaaaaaa.js" fetchpriority="low">',
    );
    const block =
      /<script type="application\/json" id="remotes-config">(.*?)<\/script><\/head>/.exec(html);
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(CONFIG);
    // No executable inline script: the page's CSP has no 'unsafe-inline' for scripts.
    expect(html.match(/<script(?![^>]*type="application\/json")[^>]*>[^<]/g)).toBeNull();
  });

  it('cannot be broken out of by what the configuration contains', () => {
    const json = jsonForScript({ x: '</script><script>alert(1)</script>&\u2028' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(JSON.parse(json)).toEqual({ x: '</script><script>alert(1)</script>&\u2028' });
  });

  it('names the entry of each remote whose manifest the server read', () => {
    const entries = {
      '/remotes/marketing/mf-manifest.json': '/remotes/marketing/remoteEntry.a.js',
    };
    const html = composePage(template, {
      remotesConfig: CONFIG,
      preloads: [],
      remoteEntries: entries,
    });
    const block =
      /<script type="application\/json" id="server-remote-entries">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(entries);
    expect(composePage(template, { remotesConfig: CONFIG, preloads: [] })).not.toContain(
      'server-remote-entries',
    );
  });

  const shellTemplate =
    '<!doctype html><html><head><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>';
  const remoteHint = {
    href: '/remotes/marketing/remoteEntry.aaaaaaaaaa.js',
    as: 'script',
  } as const;

  it('names the hints in the first HTML and marks a rendered page not yet interactive', () => {
    const html = composePage(shellTemplate, {
      remotesConfig: CONFIG,
      preloads: [remoteHint, remoteHint],
      rendered: { html: '<main><h1>Hello</h1></main>', head: '' },
    });
    expect(html).toContain('<div id="root" aria-disabled="true"><main><h1>Hello</h1></main></div>');
    // Once each, in the template the page's one inline script applies after the paint.
    expect(html).toContain(
      `<template id="after-paint-hints"><link rel="preload" as="script" href="/remotes/marketing/remoteEntry.aaaaaaaaaa.js"></template>${AFTER_PAINT_SCRIPT_ELEMENT}<script type="application/json" id="remotes-config">`,
    );
    expect(html.match(/<link rel="preload"/g)).toHaveLength(1);
    // The shell's entry stays the page's only script from a file.
    expect(html).toContain('<script defer src="/main.0123456789.js"></script>');
    expect(html.match(/<script[ >]/g)).toHaveLength(3);
  });

  it("keeps a rendered page's hints, its own chunks first, in an inert template", () => {
    const pageChunk = { href: '/remotes/marketing/route~about-us.5.js', as: 'script' } as const;
    const html = composePage(shellTemplate, {
      remotesConfig: CONFIG,
      preloads: [pageChunk],
      federationPreloads: [remoteHint, pageChunk],
      rendered: { html: '<main><h1>Hello</h1></main>', head: '' },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<template id="after-paint-hints"><link rel="preload" as="script" href="/remotes/marketing/route~about-us.5.js"><link rel="preload" as="script" href="/remotes/marketing/remoteEntry.aaaaaaaaaa.js"></template>',
    );
    // No hint outside it, and a file hinted once.
    expect(head.replace(/<template[\s\S]*<\/template>/, '')).not.toContain('rel="preload"');
    expect(html.match(/route~about-us/g)).toHaveLength(1);
    // Nothing rendered: nothing paints first, so the same hints are live at once, and no script.
    const plain = composePage(shellTemplate, {
      remotesConfig: CONFIG,
      preloads: [pageChunk],
      federationPreloads: [remoteHint],
    });
    expect(plain).not.toContain('<template');
    expect(plain).not.toContain(AFTER_PAINT_SCRIPT_ELEMENT);
    expect(plain.match(/<link rel="preload"[^>]*fetchpriority="low">/g)).toHaveLength(2);
  });

  it('adds no template and no script to a rendered page with nothing to hint', () => {
    const html = composePage(shellTemplate, {
      remotesConfig: CONFIG,
      preloads: [],
      rendered: { html: '<main><h1>Hello</h1></main>', head: '' },
    });
    expect(html).not.toContain('<template');
    expect(html).not.toContain(AFTER_PAINT_SCRIPT_ELEMENT);
  });

  it('leaves an empty root as it is when there is nothing rendered', () => {
    const html = composePage(shellTemplate, { remotesConfig: CONFIG, preloads: [remoteHint] });
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('createPageComposer', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = undefined;
  });

  async function site() {
    root = await mkdtemp(path.join(os.tmpdir(), 'page-html-'));
    const shellDist = path.join(root, 'shell');
    const marketing = path.join(root, 'marketing');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(shellDist);
    await mkdir(marketing);
    await writeFile(path.join(shellDist, 'index.html'), '<html><head></head><body></body></html>');
    await writeFile(path.join(shellDist, 'route-owners.json'), JSON.stringify(TABLE));
    const manifestFile = path.join(marketing, 'mf-manifest.json');
    await writeFile(manifestFile, JSON.stringify(manifest('remoteEntry.aaaaaaaaaa.js')));
    const composer = createPageComposer({
      shellDist,
      remoteDists: { marketing },
      remotesConfig: () => CONFIG,
    });
    return { shellDist, manifestFile, composer };
  }

  it('hints the owning remote, and nothing for shell pages or remotes deployed elsewhere', async () => {
    const { composer } = await site();
    const page = await composer.page('/about-us');
    expect(page).toContain(
      '<link rel="preload" as="script" href="/remotes/marketing/remoteEntry.aaaaaaaaaa.js" fetchpriority="low">',
    );
    expect(page).toContain(
      '<script type="application/json" id="server-remote-entries">{"/remotes/marketing/mf-manifest.json":"/remotes/marketing/remoteEntry.aaaaaaaaaa.js"}</script>',
    );
    expect(await composer.page('/auth')).not.toContain('server-remote-entries');
    expect(await composer.page('/auth')).not.toContain('rel="preload"');
    // The retailer is on another origin (REMOTE_RETAILER_URL): its manifest is not on disk.
    expect(await composer.page('/landing')).not.toContain('rel="preload"');
    for (const page of ['/about-us', '/auth', '/landing']) {
      expect(await composer.page(page)).toContain('id="remotes-config"');
    }
  });

  it('shows a remote redeployed in place on the next page, without a restart', async () => {
    const { composer, manifestFile } = await site();
    expect(await composer.page('/')).toContain('remoteEntry.aaaaaaaaaa.js');
    await writeFile(manifestFile, JSON.stringify(manifest('remoteEntry.bbbbbbbbbb.js')));
    // Same size, new content: the modification time alone must be enough.
    const later = new Date(Date.now() + 5000);
    await utimes(manifestFile, later, later);
    const page = await composer.page('/');
    expect(page).toContain('remoteEntry.bbbbbbbbbb.js');
    expect(page).not.toContain('remoteEntry.aaaaaaaaaa.js');
  });

  it('hints no remote entry for the non-federated reference build, which bundles the remotes', async () => {
    const { composer, shellDist } = await site();
    await writeFile(
      path.join(shellDist, 'route-owners.json'),
      JSON.stringify({ ...TABLE, federation: false }),
    );
    const page = await composer.page('/about-us');
    expect(page).not.toContain('rel="preload"');
    expect(page).toContain('id="remotes-config"');
  });

  it("names the reference build's bundled ./routes of the page's remote instead", async () => {
    const { composer, shellDist } = await site();
    await writeFile(
      path.join(shellDist, 'route-owners.json'),
      JSON.stringify({ ...TABLE, federation: false }),
    );
    await writeFile(
      path.join(shellDist, 'page-chunks.json'),
      JSON.stringify({
        boot: ['boot-start.1.js'],
        routes: { '/about-us': ['route~about-us.2.js'] },
        remotes: ['remote-runtime.3.js'],
        remoteRoutes: { marketing: ['remote-routes~marketing.4.js'], retailer: ['r.5.js'] },
      }),
    );
    const page = (await composer.page('/about-us')) ?? '';
    expect(
      [...page.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((m) => m[1]),
    ).toEqual([
      '/boot-start.1.js',
      '/remote-runtime.3.js',
      '/remote-routes~marketing.4.js',
      '/route~about-us.2.js',
    ]);
  });

  it("names every script a page needs to hydrate: the shell's start-up and the page's own chunks", async () => {
    const { composer, shellDist } = await site();
    await writeFile(
      path.join(shellDist, 'page-chunks.json'),
      JSON.stringify({
        boot: ['boot-app.1.js', '784.2.js'],
        routes: { '/auth': ['route~auth.3.js'] },
        remotes: ['remote-runtime.6.js'],
      }),
    );
    await writeFile(
      path.join(root ?? '', 'marketing', 'page-chunks.json'),
      JSON.stringify({
        boot: [],
        routes: { '/': ['route~.4.js'], '/about-us': ['route~about-us.5.js'] },
      }),
    );
    const hrefs = (page: string | undefined) =>
      [...(page ?? '').matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map(
        (m) => m[1],
      );
    // The Module Federation runtime only on a remote's page; with nothing rendered there is
    // nothing to paint first, so what federation adds is hinted at once, after the page's own.
    expect(hrefs(await composer.page('/about-us/'))).toEqual([
      '/boot-app.1.js',
      '/784.2.js',
      '/remotes/marketing/route~about-us.5.js',
      '/remote-runtime.6.js',
      '/remotes/marketing/remoteEntry.aaaaaaaaaa.js',
      '/remotes/marketing/__federation_expose_routes.0123456789.js',
    ]);
    expect(hrefs(await composer.page('/auth?mode=register'))).toEqual([
      '/boot-app.1.js',
      '/784.2.js',
      '/route~auth.3.js',
    ]);
  });

  it('still serves the page when the route table or a manifest is missing or broken', async () => {
    const { composer, shellDist, manifestFile } = await site();
    await writeFile(manifestFile, '{ not json');
    expect(await composer.page('/')).toContain('id="remotes-config"');
    expect(await composer.page('/')).not.toContain('rel="preload"');
    await rm(path.join(shellDist, 'route-owners.json'));
    expect(await composer.page('/about-us')).toContain('id="remotes-config"');
  });
});
