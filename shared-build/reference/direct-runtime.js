// The non-federated reference build (ADR 012): stands in for `shell/src/remotes/federation-runtime.ts`
// in the shell, so the shell's remote loader gets each remote's `./routes` from a plain dynamic
// import, bundled into the shell, instead of from a remote entry found at runtime. Only the
// benchmark builds this (FEDERATION=off); what users get is always the federated build.
// `mfe-<name>/routes` are aliases the reference config points at each remote's exposed file.
// Each chunk is named `remote-routes~<remote>`, so the server names it in the first HTML of that
// remote's pages, as it names a federated remote's entry and `./routes` (ADR 017).
const REMOTES = {
  marketing: () => import(/* webpackChunkName: "remote-routes~marketing" */ 'mfe-marketing/routes'),
  customer: () => import(/* webpackChunkName: "remote-routes~customer" */ 'mfe-customer/routes'),
  curbside: () => import(/* webpackChunkName: "remote-routes~curbside" */ 'mfe-curbside/routes'),
  retailer: () => import(/* webpackChunkName: "remote-routes~retailer" */ 'mfe-retailer/routes'),
};

/** Nothing to register: every remote is part of this build. */
export function registerRemotes() {}

/** `<remote>/routes` → that remote's routes module. */
export function loadRemote(id) {
  const load = REMOTES[id.split('/')[0]];
  return load ? load() : Promise.reject(new Error(`No remote for ${id} in this build.`));
}
