import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composePage } from './page-html.ts';
import { createPublicFetch, createServerRenderer } from './server-render.ts';

// Stand-ins for the apps' Node builds, in the same CommonJS shape shared-build emits: the shell
// exports renderPage and the modules it shares; a remote requires a shared module by name.
const SHELL_BUNDLE = `
exports.shared = { 'shared-ui': { greeting: 'Hello' } };
exports.renderPage = async ({ url, remotes }) => {
  const remote = remotes.marketing;
  return {
    html: '<main>' + url + ': ' + (remote ? remote.default() : 'left to the browser') + '</main>',
    head: '<style data-styled="true">main{color:red}</style>',
    leftToBrowser: remote ? [] : ['The marketing remote is rendered in the browser.'],
  };
};
`;

const remoteBundle = (text: string) => `
const ui = require('shared-ui');
exports.default = () => ui.greeting + ' ' + ${JSON.stringify(text)};
`;

describe('createServerRenderer', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = undefined;
  });

  async function site(options: Partial<Parameters<typeof createServerRenderer>[0]> = {}) {
    root = await mkdtemp(path.join(os.tmpdir(), 'server-render-'));
    const shellDist = path.join(root, 'shell');
    await mkdir(path.join(shellDist, 'server'), { recursive: true });
    await writeFile(path.join(shellDist, 'server', 'render.js'), SHELL_BUNDLE);
    const remoteFile = path.join(root, 'marketing', 'server', 'routes.js');
    await mkdir(path.dirname(remoteFile), { recursive: true });
    await writeFile(remoteFile, remoteBundle('from release 1'));
    const warnings: string[] = [];
    const renderer = createServerRenderer({
      shellDist,
      remoteBundle: (name) => (name === 'marketing' ? remoteFile : undefined),
      warn: (message) => warnings.push(message),
      ...options,
    });
    return { shellDist, remoteFile, renderer, warnings };
  }

  it("renders the owning remote with the shell's shared modules", async () => {
    const { renderer } = await site();
    const page = await renderer.render('/about-us', 'marketing');
    expect(page?.html).toBe('<main>/about-us: Hello from release 1</main>');
    expect(page?.head).toContain('data-styled');
  });

  it('renders a remote redeployed in place on the next page, without a restart', async () => {
    const { renderer, remoteFile } = await site();
    expect((await renderer.render('/', 'marketing'))?.html).toContain('from release 1');
    await writeFile(remoteFile, remoteBundle('from release 2'));
    const later = new Date(Date.now() + 5000);
    await utimes(remoteFile, later, later);
    expect((await renderer.render('/', 'marketing'))?.html).toContain('from release 2');
  });

  it('leaves a remote whose Node build throws, or needs what the shell does not share, to the browser', async () => {
    const { renderer, remoteFile, warnings } = await site();
    await writeFile(remoteFile, "throw new Error('broken release');");
    const page = await renderer.render('/', 'marketing');
    expect(page?.html).toBe('<main>/: left to the browser</main>');
    expect(warnings.join('\n')).toContain('broken release');

    await writeFile(remoteFile, "require('left-pad'); exports.default = () => 'x';");
    const later = new Date(Date.now() + 5000);
    await utimes(remoteFile, later, later);
    expect((await renderer.render('/', 'marketing'))?.html).toContain('left to the browser');
    expect(warnings.join('\n')).toContain('needs "left-pad", which the shell does not provide');
  });

  it('renders nothing (the browser renders the page) without a working shell build', async () => {
    const { renderer, shellDist, warnings } = await site();
    await writeFile(path.join(shellDist, 'server', 'render.js'), 'exports.nothing = 1;');
    expect(await renderer.render('/', 'marketing')).toBeUndefined();
    expect(warnings.join('\n')).toContain('does not export renderPage');
    await rm(path.join(shellDist, 'server'), { recursive: true });
    expect(await renderer.render('/', 'marketing')).toBeUndefined();
  });

  it("keeps what the apps do to their globals out of the server's own", async () => {
    const { renderer, remoteFile } = await site();
    await writeFile(
      remoteFile,
      "globalThis.__zod_globalRegistry = 'the remote\\'s'; exports.default = () => typeof document;",
    );
    const page = await renderer.render('/', 'marketing');
    expect(page?.html).toContain(': undefined');
    expect((globalThis as Record<string, unknown>).__zod_globalRegistry).not.toBe("the remote's");
  });
});

describe("the apps' fetch on the server", () => {
  // A shell whose page reads what it may and tries what it may not, and reports each outcome.
  const FETCHING_SHELL = `
exports.shared = {};
exports.renderPage = async () => {
  const outcome = async (url, init) => {
    try {
      const response = await fetch(url, init);
      return response.status + ' ' + (await response.text());
    } catch (error) {
      return 'refused: ' + error.message;
    }
  };
  const lines = [
    await outcome('/api/retailers?limit=2'),
    await outcome('/api/users/me'),
    await outcome('/api/retailers', { method: 'POST' }),
    await outcome('http://169.254.169.254/latest/meta-data'),
    await outcome('//evil.example/api/retailers'),
  ];
  return { html: lines.join(' | '), head: '', leftToBrowser: [], queryState: { queries: [1] } };
};
`;

  it('answers GET of the listed public paths through the API and refuses everything else', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'server-fetch-'));
    try {
      await mkdir(path.join(root, 'server'), { recursive: true });
      await writeFile(path.join(root, 'server', 'render.js'), FETCHING_SHELL);
      const asked: string[] = [];
      const renderer = createServerRenderer({
        shellDist: root,
        remoteBundle: () => undefined,
        fetchPublic: createPublicFetch(new Set(['/api/retailers']), async (url) => {
          asked.push(url);
          return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' };
        }),
      });
      const page = await renderer.render('/', null);
      expect(page?.html.split(' | ')).toEqual([
        '200 []',
        'refused: Server rendering may not GET /api/users/me.',
        'refused: Server rendering may not POST /api/retailers.',
        'refused: Server rendering fetches only relative URLs of this API.',
        'refused: Server rendering fetches only relative URLs of this API.',
      ]);
      expect(asked).toEqual(['/api/retailers?limit=2']);
      expect(page?.queryState).toEqual({ queries: [1] });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('has no network at all unless the server gives it a fetch', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'server-fetch-'));
    try {
      await mkdir(path.join(root, 'server'), { recursive: true });
      await writeFile(path.join(root, 'server', 'render.js'), FETCHING_SHELL);
      const renderer = createServerRenderer({ shellDist: root, remoteBundle: () => undefined });
      const page = await renderer.render('/', null);
      expect(page?.html).toContain('refused: Server rendering has no network access.');
      expect(page?.html).not.toContain('200');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('composePage with a server-rendered page', () => {
  const config = { marketing: '/remotes/marketing/mf-manifest.json' } as never;

  it('puts the HTML in the empty root and the styles before </head>', () => {
    const page = composePage(
      '<html><head><title>x</title></head><body><div id=root></div></body></html>',
      {
        remotesConfig: config,
        preloads: [],
        rendered: {
          html: '<h1>About Us</h1><p>costs $& $1</p>',
          head: '<style data-styled="true"></style>',
        },
      },
    );
    expect(page).toContain(
      '<div id="root" aria-disabled="true"><h1>About Us</h1><p>costs $& $1</p></div>',
    );
    expect(page.indexOf('<style data-styled="true">')).toBeLessThan(page.indexOf('</head>'));
    expect(page.indexOf('id="remotes-config"')).toBeLessThan(page.indexOf('</head>'));
  });

  it('leaves the root empty when nothing was rendered', () => {
    const page = composePage('<html><head></head><body><div id="root"></div></body></html>', {
      remotesConfig: config,
      preloads: [],
    });
    expect(page).toContain('<div id="root"></div>');
  });

  it("sends the server's query data as a JSON data block nothing in it can close", () => {
    const state = {
      queries: [{ state: { data: [{ name: '</script><script>alert(1)</script>' }] } }],
    };
    const page = composePage('<html><head></head><body><div id="root"></div></body></html>', {
      remotesConfig: config,
      preloads: [],
      rendered: { html: '<h1>Home</h1>', head: '', queryState: state },
    });
    const block = /<script type="application\/json" id="server-query-state">(.*?)<\/script>/.exec(
      page,
    );
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(state);
    expect(page.indexOf('id="server-query-state"')).toBeLessThan(page.indexOf('</head>'));
  });

  it('sends no query block when the page fetched nothing', () => {
    const page = composePage('<html><head></head><body><div id="root"></div></body></html>', {
      remotesConfig: config,
      preloads: [],
      rendered: { html: '<h1>About Us</h1>', head: '' },
    });
    expect(page).not.toContain('server-query-state');
  });
});
