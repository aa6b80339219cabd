import { describe, expect, it } from 'vitest';
import { pageChunksOf } from './page-chunks-plugin.ts';

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
