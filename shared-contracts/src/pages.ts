// Pages are declared once, where their code lives: each remote's `src/pages.ts` and the shell's.
// Everything else derives from those declarations: a remote's routes and preloading
// (shared-ui `pageRoutes`), the shell's ownership table and the server's `route-owners.json`
// (shared-build), and the server's routing and signed-in data (api/src/ssr). The path rules
// below are the one matcher the shell and the server share. Kept free of zod and React: they are
// part of every first load.

/** One page: where it is, its code, and the signed-in data the server may render into it. */
export interface PageDeclaration<Page = unknown> {
  /**
   * React Router path, absolute and lower-case: `/wallet`, `/delivery-tracking/:id`,
   * `/schedule-pickup/*` (the page handles its own sub-paths). Its static part (`/wallet`,
   * `/delivery-tracking`) is what the page owns: that path and every path below it.
   */
  path: string;
  /**
   * The page's code, in a chunk of its own named `route~` + its static part with `~` for `/`
   * (`route~wallet`, `route~` for `/`), so the server can name the page's files in its HTML:
   * `() => import(/* webpackChunkName: "route~wallet" *\/ './features/wallet/wallet-page')`.
   * The build fails when the chunk is missing.
   */
  load: () => Promise<Page>;
  /**
   * The API paths (no query) the page reads for a signed-in visitor, which the server may then
   * read with that visitor's session while rendering this page. Absent: rendered signed out.
   */
  signedInData?: readonly string[];
  /** Shown only within the recent-password window (the sign-in flow's sensitive guard). */
  sensitive?: boolean;
  /**
   * For signed-in people only: the page's guard sends anyone else to /auth, remembering the page
   * as redirectAfterLogin. Said here as well so that the server can answer a first visit without
   * a session with the sign-in page itself, instead of the page's code only to be sent on
   * (api/src/ssr). Sensitive pages are signed-in pages too.
   */
  signedInOnly?: boolean;
}

/** The sign-in page, where a page for signed-in people sends anyone else. */
export const SIGN_IN_PAGE = '/auth';

/** A list of pages, typed by what their `load` gives (`definePages<ComponentType>([...])`). */
export function definePages<Page>(
  pages: readonly PageDeclaration<Page>[],
): readonly PageDeclaration<Page>[] {
  return pages;
}

/** What the shell's build writes as `route-owners.json` for the server (shared-build). */
export interface SiteRoutes {
  /** By remote, the paths its pages own (their static parts), in declaration order. */
  owners: Readonly<Record<string, readonly string[]>>;
  /** The paths the shell's own pages own. */
  shellPaths: readonly string[];
  /** By owned path, the API paths that page reads for a signed-in visitor. */
  signedInData: Readonly<Record<string, readonly string[]>>;
  /**
   * The paths, as declared (`/delivery-tracking/:id`), of the pages for signed-in people only
   * (`signedInOnly` or `sensitive`); matched with `matchesPagePath`.
   */
  signedInOnly: readonly string[];
}

/** `/delivery-tracking/:id` → `/delivery-tracking`: the page's path up to its first parameter. */
export function ownedPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const end = segments.findIndex((segment) => segment.startsWith(':') || segment === '*');
  return `/${(end < 0 ? segments : segments.slice(0, end)).join('/')}`;
}

/** A requested path as pages are matched: decoded, lower-case, no trailing slash. */
export function normalisePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: matched as sent.
  }
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

/**
 * Whether the page owning `owned` answers `pathname` (normalised): `/` only the home page, any
 * other path itself and what lies below it, by whole segments (`/robot-leasing` does not own
 * `/robot-leasing-payment`).
 */
export function ownsPath(owned: string, pathname: string): boolean {
  if (owned === '/') return pathname === '/';
  return pathname === owned || pathname.startsWith(`${owned}/`);
}

/**
 * Whether a page's declared path answers `pathname` itself, as its route does: a parameter stands
 * for one non-empty segment and `*` for any rest. Paths below a page that its route does not
 * answer are not matched (they are that page's owner's to answer, with its not-found page).
 */
export function matchesPagePath(declared: string, pathname: string): boolean {
  const pattern = declared.split('/').filter(Boolean);
  const segments = normalisePath(pathname).split('/').filter(Boolean);
  for (const [index, part] of pattern.entries()) {
    if (part === '*') return true;
    const segment = segments[index];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part !== segment) return false;
  }
  return segments.length === pattern.length;
}

/** Of `owned` paths, the longest that owns `pathname`, or undefined. */
export function pageAt(owned: Iterable<string>, pathname: string): string | undefined {
  const path = normalisePath(pathname);
  let found: string | undefined;
  for (const candidate of owned) {
    if (ownsPath(candidate, path) && (found === undefined || candidate.length > found.length)) {
      found = candidate;
    }
  }
  return found;
}

/** The owner (a remote's name) whose pages own `pathname`, or null. */
export function ownerOf<Owner extends string>(
  owners: Readonly<Partial<Record<Owner, readonly string[]>>>,
  pathname: string,
): Owner | null {
  const path = normalisePath(pathname);
  for (const [owner, owned] of Object.entries(owners) as [Owner, readonly string[]][]) {
    if (owned.some((candidate) => ownsPath(candidate, path))) return owner;
  }
  return null;
}

// A path of lower-case words (`a-z`, digits, `-`), parameters (`:id`) after the first word, and
// an optional `*` at the end: what the owned-path rule above can answer for.
const PAGE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*(?:\/:[a-zA-Z]+)*(?:\/\*)?)?$/;

/**
 * What is wrong with a site's page declarations, one line each: a path the matcher cannot
 * answer for, two pages owning the same paths, signed-in data that is not an API path. The
 * shell's build refuses to build with any (shared-build).
 */
export function pageProblems(
  site: Readonly<Record<string, readonly Pick<PageDeclaration, 'path' | 'signedInData'>[]>>,
): string[] {
  const problems: string[] = [];
  const claimed: { owner: string; owned: string }[] = [];
  for (const [owner, pages] of Object.entries(site)) {
    for (const page of pages) {
      if (!PAGE_PATH.test(page.path)) {
        problems.push(
          `${owner} ${page.path}: a page path is absolute and lower-case, with parameters after its first segment and * only at its end`,
        );
        continue;
      }
      const owned = ownedPath(page.path);
      const clash = claimed.find(
        (other) => ownsPath(other.owned, owned) || ownsPath(owned, other.owned),
      );
      if (clash) {
        problems.push(
          `${owner} ${page.path}: ${owned} overlaps ${clash.owned} of ${clash.owner}; every path has one page`,
        );
      }
      claimed.push({ owner, owned });
      for (const data of page.signedInData ?? []) {
        if (!/^\/api\/[^?#\s]*$/.test(data)) {
          problems.push(`${owner} ${page.path}: signed-in data ${data} is not an API path`);
        }
      }
    }
  }
  return problems;
}

/** The route table of a site: each owner's pages (the shell's under `shell`). */
export function siteRoutesOf(
  site: Readonly<
    Record<
      string,
      readonly Pick<PageDeclaration, 'path' | 'signedInData' | 'sensitive' | 'signedInOnly'>[]
    >
  >,
): SiteRoutes {
  const owners: Record<string, string[]> = {};
  const signedInData: Record<string, string[]> = {};
  const signedInOnly: string[] = [];
  for (const [owner, pages] of Object.entries(site)) {
    if (owner !== 'shell') owners[owner] = pages.map((page) => ownedPath(page.path));
    for (const page of pages) {
      if (page.signedInData?.length) signedInData[ownedPath(page.path)] = [...page.signedInData];
      if (page.signedInOnly || page.sensitive) signedInOnly.push(page.path);
    }
  }
  return {
    owners,
    shellPaths: (site.shell ?? []).map((page) => ownedPath(page.path)),
    signedInData,
    signedInOnly,
  };
}
