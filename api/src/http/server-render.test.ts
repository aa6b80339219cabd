import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composePage } from './page-html.ts';
import { createServerRenderer } from './server-render.ts';

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

  async function site() {
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
    expect(page).toContain('<div id="root"><h1>About Us</h1><p>costs $& $1</p></div>');
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
});
