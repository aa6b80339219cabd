import { type ExtraServer, startExtraServer } from '../fixtures/extra-server';
import { expect, test } from '../fixtures/test';
import { type BuiltRemote, buildRemoteCopy } from '../support/remote-build';
import { StaticOrigin } from '../support/static-origin';

// A remote built against another major of a shared singleton is refused by the Module
// Federation runtime (strictVersion), shown as the fallback panel; a compatible range loads.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ABOUT_US = 'About Us';
// What a remote built against React 18 claims: every React singleton it shares, not only `react`
// (a page may use nothing but the JSX runtime).
const REACT_18 = {
  react: '^18.0.0',
  'react/jsx-runtime': '^18.0.0',
  'react-dom': '^18.0.0',
  'react-dom/client': '^18.0.0',
};
// The singleton the runtime checks first is the first one the remote's code asks for.
const REACT_PACKAGE = '(react(?:/jsx-runtime)?|react-dom(?:/client)?)';

let origin: StaticOrigin;
let site: ExtraServer;
let builtForReact18: BuiltRemote;
let builtForReact19: BuiltRemote;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // One after the other: two parallel builds on a 2-core machine only slow each other down.
  builtForReact18 = await buildRemoteCopy({
    remote: 'marketing',
    requiredVersionOverrides: REACT_18,
  });
  builtForReact19 = await buildRemoteCopy({
    remote: 'marketing',
    requiredVersionOverrides: { react: '^19.0.0' },
  });
  origin = new StaticOrigin(builtForReact18.dist);
  await origin.start();
  site = await startExtraServer({ REMOTE_MARKETING_URL: origin.url });
  origin.allowShell(site.baseURL);
});

test.afterAll(async () => {
  await site?.stop();
  await origin?.stop();
  await builtForReact18?.remove();
  await builtForReact19?.remove();
});

async function sharedReactRange(url: string): Promise<string | undefined> {
  const manifest = (await (await fetch(`${url}/mf-manifest.json`)).json()) as {
    shared: Array<{ name: string; requiredVersion?: string }>;
  };
  return manifest.shared.find((entry) => entry.name === 'react')?.requiredVersion;
}

test('a remote built for React 18 is refused with a clear message, and the site keeps working', async ({
  page,
}) => {
  expect(await sharedReactRange(origin.url)).toBe('^18.0.0');
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const uncaught: Error[] = [];
  page.on('pageerror', (error) => uncaught.push(error));

  await page.goto(`${site.baseURL}/about-us`);
  const panel = page
    .getByRole('alert')
    .filter({ hasText: 'This section is unavailable right now' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(
    new RegExp(
      String.raw`The marketing remote was built for ${REACT_PACKAGE} \^18\.0\.0, but this site runs \1 19\.\d+\.\d+, so it was refused\.`,
    ),
  );
  await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: ABOUT_US })).toHaveCount(0);

  // The refusal is the MF runtime's strictVersion check, in its own words, and the shell says so.
  await expect
    .poll(() => consoleErrors.join('\n'))
    .toMatch(
      new RegExp(
        String.raw`\[shell\] The marketing remote was built for ${REACT_PACKAGE} \^18\.0\.0.*Module Federation said: .*Version 19\.\d+\.\d+ from shell of shared singleton module \1 does not satisfy the requirement of marketing which needs \^18\.0\.0`,
      ),
    );
  expect(uncaught).toEqual([]);

  // Not a broken page: the chrome and the other remotes work.
  await expect(page.getByTestId('site-header')).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Retailer API' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(panel).toHaveCount(0);
  await page.getByTestId('site-header').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('the same remote built for a compatible range (^19.0.0) loads', async ({ page }) => {
  origin.deploy(builtForReact19.dist);
  expect(await sharedReactRange(origin.url)).toBe('^19.0.0');
  await page.goto(`${site.baseURL}/about-us`);
  await expect(page.getByRole('heading', { level: 1, name: ABOUT_US })).toBeVisible();
  await expect(page.getByText('This section is unavailable right now')).toHaveCount(0);
});
