import { describe, expect, it, vi } from 'vitest';
import { pageRoutes } from './page-routes';

const Page = () => null;

describe('pageRoutes', () => {
  it('loads the code of the page that owns a path, and of no other page', async () => {
    const wallet = vi.fn(async () => Page);
    const tracking = vi.fn(async () => Page);
    const routes = pageRoutes([
      { path: '/wallet', load: wallet },
      { path: '/delivery-tracking/:id', load: tracking },
    ]);
    await routes.preloadPage('/delivery-tracking/CR-100233');
    expect(tracking).toHaveBeenCalledOnce();
    expect(wallet).not.toHaveBeenCalled();
    await routes.preloadPage('/no-such-page');
    expect(wallet).not.toHaveBeenCalled();
  });

  it('refuses a sensitive page without the guard that protects it', () => {
    expect(() =>
      pageRoutes([{ path: '/wallet', sensitive: true, load: async () => Page }]),
    ).toThrow('/wallet is sensitive: pass the guard that protects it.');
  });
});
