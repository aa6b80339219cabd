import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppConfigs } from './index.ts';
import { loadSiteRoutes } from './site-pages.ts';

const workspace = path.resolve(import.meta.dirname, '../..');
const shellDir = path.join(workspace, 'shell');
const siteRoutes = await loadSiteRoutes(workspace);

function pluginNames(config: { plugins?: unknown[] }): string[] {
  return (config.plugins ?? [])
    .filter(Boolean)
    .map((plugin) => (plugin as object).constructor.name);
}

describe('the non-federated reference build (FEDERATION=off)', () => {
  const saved = { FEDERATION: process.env.FEDERATION, NODE_ENV: process.env.NODE_ENV };
  afterEach(() => {
    process.env.FEDERATION = saved.FEDERATION;
    process.env.NODE_ENV = saved.NODE_ENV;
  });

  it('builds the shell without Module Federation, importing each remote’s routes directly', () => {
    process.env.NODE_ENV = 'production';
    delete process.env.FEDERATION;
    const [federated] = createAppConfigs({ name: 'shell', dir: shellDir, siteRoutes });
    process.env.FEDERATION = 'off';
    const [reference, server] = createAppConfigs({ name: 'shell', dir: shellDir, siteRoutes });

    // The shell has no federation plugin either way (ADR 014): the federated build loads remotes
    // through the MF runtime chunk, which the reference replaces, with the manifest reading:
    // nothing to fetch in a bundled site, each remote's routes imported directly.
    for (const config of [federated, reference]) {
      expect(pluginNames(config as object)).not.toContain('ModuleFederationPlugin');
    }
    expect(pluginNames(federated as object)).not.toContain('NormalModuleReplacementPlugin');
    const replacements = (reference?.plugins ?? []).filter(
      (plugin) => plugin?.constructor.name === 'NormalModuleReplacementPlugin',
    ) as unknown as Array<{ _args: [RegExp, string] }>;
    const replaced = (request: string) =>
      replacements.find(({ _args: [pattern] }) => pattern.test(request))?._args[1];
    expect(replaced('./federation-runtime')).toMatch(
      /shared-build[/\\]reference[/\\]direct-runtime\.js$/,
    );
    expect(replaced('./federation-manifest')).toMatch(
      /shared-build[/\\]reference[/\\]direct-manifest\.js$/,
    );
    // The start-up modules (the shared singletons) are never copied into each chunk that uses
    // them (what MF's shared modules give), whatever their size; page code splits as the shell's.
    expect(reference?.optimization?.splitChunks).toMatchObject({
      minSize: 30_000,
      cacheGroups: { start: { enforce: true } },
    });
    // The server build still depends on the browser build by its name.
    expect(reference?.name).toBe('federated');
    expect(server?.dependencies).toEqual(['federated']);

    const alias = reference?.resolve?.alias as Record<string, string>;
    for (const name of ['marketing', 'customer', 'curbside', 'retailer']) {
      expect(alias[`mfe-${name}/routes$`]).toBe(
        path.join(workspace, `mfe-${name}`, 'src/routes.tsx'),
      );
    }
  });

  it('compiles each remote’s files under its own package name, so class names match its HTML', () => {
    process.env.NODE_ENV = 'production';
    process.env.FEDERATION = 'off';
    const [reference] = createAppConfigs({ name: 'shell', dir: shellDir, siteRoutes });
    const first = reference?.module?.rules?.[0] as { oneOf: Array<Record<string, unknown>> };
    const namespaces = first.oneOf.map((rule) => {
      const options = rule.options as {
        jsc: { experimental: { plugins: [string, { namespace: string }][] } };
      };
      return [rule.include, options.jsc.experimental.plugins[0]?.[1].namespace];
    });
    expect(namespaces).toContainEqual([
      path.join(workspace, 'mfe-retailer', 'src'),
      'mfe-retailer',
    ]);
    // The shell's own rule comes last and catches everything else.
    expect(namespaces.at(-1)).toEqual([undefined, 'shell']);
  });

  it('is refused for a remote: the reference is one shell bundling them all', () => {
    process.env.FEDERATION = 'off';
    expect(() =>
      createAppConfigs({ name: 'marketing', dir: path.join(workspace, 'mfe-marketing') }),
    ).toThrow(/FEDERATION=off builds only the shell/);
  });
});
