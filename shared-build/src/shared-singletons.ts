/** The shared singletons of DESIGN.md section 2. Subpath keys ("react/") share e.g. react/jsx-runtime. */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  '@tanstack/react-query',
  'styled-components',
  'shared-ui',
  // The routing the apps use, not all of react-router: shared packages are not tree-shaken.
  'shared-ui/router',
  // Dialogs, menus and tabs (Radix), loaded with the pages and the signed-in header that use them.
  'shared-ui/overlays',
  'shared-ui/tabs',
  'shared-client',
  // The session and its React context: one AuthProvider for the shell and every remote.
  'shared-auth',
] as const;
