// The non-federated reference build (ADR 012): stands in for `shell/src/remotes/federation-runtime.ts`
// in the shell, so the shell's remote loader gets each remote's `./routes` from a plain dynamic
// import, bundled into the shell, instead of from a remote entry found at runtime. Only the
// benchmark builds this (FEDERATION=off); what users get is always the federated build.
// `mfe-<name>/routes` are aliases the reference config points at each remote's exposed file.
const REMOTES = {
  marketing: () => import('mfe-marketing/routes'),
  customer: () => import('mfe-customer/routes'),
  curbside: () => import('mfe-curbside/routes'),
  retailer: () => import('mfe-retailer/routes'),
};

/** Nothing to register: every remote is part of this build. */
export function registerRemotes() {}

/** `<remote>/routes` → that remote's routes module. */
export function loadRemote(id) {
  const load = REMOTES[id.split('/')[0]];
  return load ? load() : Promise.reject(new Error(`No remote for ${id} in this build.`));
}
