// Loads a remote's Module Federation container at runtime (ADR 013): the entry script its
// manifest names defines the container as a global of the remote's name; the container is joined
// to the shell's share scope (so it uses the shell's React, router, ... and refuses them, by its
// `strictVersion` ranges, when they do not satisfy what it was built for) and asked for a module.
// This is Module Federation's container interface (`init`, `get`), as Rspack builds it.

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

/** What a remote's entry script defines: a Module Federation container. */
export interface Container {
  init(shareScope: unknown): void | Promise<void>;
  get(module: string): Promise<() => unknown>;
}

interface Registration {
  entry: string;
  container?: Promise<Container>;
  script?: HTMLScriptElement;
}

const registrations = new Map<string, Registration>();

function isContainer(value: unknown): value is Container {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Container).init === 'function' &&
    typeof (value as Container).get === 'function'
  );
}

/**
 * Names the entry script of each remote. `force` (or another entry) forgets what an earlier
 * registration loaded or was loading, so the next load starts again from the script.
 */
export function registerRemotes(
  remotes: Array<{ name: string; entry: string }>,
  options: { force?: boolean } = {},
): void {
  for (const { name, entry } of remotes) {
    const current = registrations.get(name);
    if (current && current.entry === entry && !options.force) continue;
    current?.script?.remove();
    registrations.set(name, { entry });
  }
}

function loadEntry(name: string, registration: Registration): Promise<Container> {
  return new Promise<Container>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = registration.entry;
    script.async = true;
    registration.script = script;
    script.onerror = () => {
      reject(new Error(`The entry script of the ${name} remote failed to load: ${script.src}`));
    };
    script.onload = () => {
      const container = (window as unknown as Record<string, unknown>)[name];
      if (isContainer(container)) resolve(container);
      else reject(new Error(`The entry script ${script.src} defined no ${name} container.`));
    };
    document.head.append(script);
  }).then(async (container) => {
    await __webpack_init_sharing__('default');
    await container.init(__webpack_share_scopes__.default);
    return container;
  });
}

/** `<remote>/<module>` → the module the remote's container exposes as `./<module>`. */
export async function loadRemote<T>(id: string): Promise<T> {
  const [name, ...path] = id.split('/');
  const registration = name ? registrations.get(name) : undefined;
  if (!name || !registration) throw new Error(`No remote is registered for ${id}.`);
  if (!registration.container) {
    const loading = loadEntry(name, registration);
    registration.container = loading;
    // A failed attempt is not kept: the next load (Retry) inserts the script again.
    loading.catch(() => {
      if (registrations.get(name) === registration) registration.container = undefined;
    });
  }
  const container = await registration.container;
  const factory = await container.get(`./${path.join('/')}`);
  return factory() as T;
}
