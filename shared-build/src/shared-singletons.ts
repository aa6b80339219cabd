/** The shared singletons of DESIGN.md section 2. Subpath keys ("react/") share e.g. react/jsx-runtime. */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  'styled-components',
  'shared-ui',
  'shared-client',
] as const;
