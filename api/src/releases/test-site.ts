import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../config.ts';

/**
 * A built site in a temporary folder for the release registry's suites: a shell whose Node build
 * renders the owning remote's text, and marketing builds whose Node builds say which release they
 * are, deployed with the real `scripts/deploy-remote.mjs`.
 */

const SHELL_INDEX =
  '<!doctype html><html><head><title>Curbside shell</title></head><body><div id="root"></div></body></html>';
const ROUTE_OWNERS = JSON.stringify({ owners: { marketing: ['/', '/about-us'] }, shellPaths: [] });
// The same CommonJS shape shared-build emits: renders the remote's `default()` into the page.
const SHELL_BUNDLE = `
exports.shared = {};
exports.renderPage = async ({ url, remotes }) => {
  const remote = remotes.marketing;
  return {
    html: '<main>' + url + ': ' + (remote ? remote.default() : 'left to the browser') + '</main>',
    head: '',
    leftToBrowser: [],
  };
};
`;

/** A marketing build whose entry file carries `hash` and whose pages say `text`. */
function marketingBuild(hash: string, text: string): Record<string, string> {
  const entry = `remoteEntry.${hash}.js`;
  return {
    'mf-manifest.json': JSON.stringify({
      name: 'marketing',
      metaData: { publicPath: 'auto', remoteEntry: { name: entry, path: '' } },
      exposes: [{ path: './routes', assets: { js: { sync: [`routes.${hash}.js`], async: [] } } }],
    }),
    [entry]: `globalThis.marketing = ${JSON.stringify(text)};`,
    [`routes.${hash}.js`]: `/* ${text} */`,
    'page-chunks.json': JSON.stringify({ boot: [], routes: { '/about-us': [`about.${hash}.js`] } }),
    [`about.${hash}.js`]: `/* about ${text} */`,
    'server/routes.js': `exports.default = () => ${JSON.stringify(text)};`,
  };
}

async function writeFiles(root: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

export interface TestSite {
  staticRoot: string;
  /** The folder the server serves marketing from (`/remotes/marketing/`). */
  served: string;
  /** Builds marketing `hash` (its pages say `text`) outside the served folder. */
  build(hash: string, text: string): Promise<string>;
  /** `node scripts/deploy-remote.mjs marketing <served> ...args`; resolves with its output. */
  deploy(...args: string[]): Promise<string>;
  remove(): Promise<void>;
}

export async function createTestSite(): Promise<TestSite> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'api-releases-'));
  const staticRoot = path.join(root, 'site');
  const served = path.join(staticRoot, 'mfe-marketing', 'dist');
  await writeFiles(path.join(staticRoot, 'shell', 'dist'), {
    'index.html': SHELL_INDEX,
    'route-owners.json': ROUTE_OWNERS,
    'server/render.js': SHELL_BUNDLE,
  });
  // What `npm run build` leaves: stable release "A", built in place, no registry yet.
  await writeFiles(served, marketingBuild('aaaaaaaaaa', 'stable A'));
  return {
    staticRoot,
    served,
    async build(hash, text) {
      const folder = path.join(root, 'builds', hash);
      await writeFiles(folder, marketingBuild(hash, text));
      return folder;
    },
    async deploy(...args) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [path.join(REPO_ROOT, 'scripts', 'deploy-remote.mjs'), 'marketing', served, ...args],
        { cwd: REPO_ROOT },
      );
      return stdout;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** The release id the deploy script prints (`release 0123456789`). */
export function deployedRelease(output: string): string {
  const id = /release ([0-9a-f]{10})/.exec(output)?.[1];
  if (!id) throw new Error(`No release id in: ${output}`);
  return id;
}
