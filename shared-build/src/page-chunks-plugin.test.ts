import { describe, expect, it } from 'vitest';
import { pageChunkProblems, pageChunksOf, routeChunkName } from './page-chunks-plugin.ts';

type FakeGroup = Parameters<typeof pageChunksOf>[0] extends Iterable<infer G> ? G : never;

function group(
  files: string[],
  {
    name,
    request = '',
    children = [],
  }: { name?: string; request?: string; children?: FakeGroup[] },
): FakeGroup {
  return { name, origins: [{ request }], childrenIterable: children, getFiles: () => files };
}

describe('pageChunksOf', () => {
  it('lists the start-up chunks with the shared fallbacks they pull, not what loads later', () => {
    const reactFallback = group(['784.js', '784.js.map'], {});
    const later = group(['110.js'], { request: './support-widget' });
    const react = group([], { name: 'boot-react', request: 'react', children: [reactFallback] });
    const bootstrap = group(['746.js', 'main.css'], {
      name: 'boot-app',
      request: './bootstrap',
      children: [reactFallback, later],
    });
    const aboutUs = group(['89.js', '12.js'], {
      name: 'route~about-us',
      request: './features/about-us/about-us-page',
    });
    const home = group(['7.js'], { name: 'route~', request: './features/home/home-page' });
    const outbox = group(['9.js'], { name: 'route~dev~outbox', request: './pages/dev-outbox' });
    const runtime = group(['227.js', '746.js'], {
      name: 'remote-runtime',
      request: './federation-runtime',
    });
    const marketingRoutes = group(['5.js'], {
      name: 'remote-routes~marketing',
      request: 'mfe-marketing/routes',
    });
    const chunks = pageChunksOf([
      react,
      bootstrap,
      aboutUs,
      later,
      home,
      outbox,
      runtime,
      marketingRoutes,
    ]);
    expect(chunks).toEqual({
      boot: ['746.js', '784.js'],
      routes: { '/about-us': ['89.js', '12.js'], '/': ['7.js'], '/dev/outbox': ['9.js'] },
      remotes: ['227.js'],
      remoteRoutes: { marketing: ['5.js'] },
    });
  });
});

describe('pageChunkProblems', () => {
  const routes = { '/': ['7.js'], '/wallet': ['8.js'], '/delivery-tracking': ['9.js'] };

  it('names a page by its path up to the first parameter', () => {
    expect(routeChunkName('/')).toBe('route~');
    expect(routeChunkName('/delivery-tracking/:id')).toBe('route~delivery-tracking');
    expect(routeChunkName('/schedule-pickup/*')).toBe('route~schedule-pickup');
    expect(routeChunkName('/dev/outbox')).toBe('route~dev~outbox');
  });

  it('accepts a build whose every page has its chunk and no chunk without a page', () => {
    const pages = ['/', '/wallet', '/delivery-tracking/:id'];
    expect(pageChunkProblems(routes, pages, { exhaustive: true })).toEqual([]);
  });

  it('says which chunk name a page without its chunk needs', () => {
    expect(pageChunkProblems(routes, ['/', '/receipt/:id'], { exhaustive: false })).toEqual([
      'The page /receipt/:id has no chunk of its own: name its import /* webpackChunkName: "route~receipt" */.',
    ]);
  });

  it("refuses a remote's page chunk that no declaration names", () => {
    expect(pageChunkProblems(routes, ['/', '/wallet'], { exhaustive: true })).toEqual([
      "The chunk route~delivery-tracking is no declared page's: declare /delivery-tracking.",
    ]);
    expect(pageChunkProblems(routes, ['/', '/wallet'], { exhaustive: false })).toEqual([]);
  });
});
