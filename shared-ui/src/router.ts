// The one router every app uses, shared as the singleton `shared-ui/router` (ADR 011).
//
// Module Federation cannot tree-shake a shared package: sharing `react-router-dom` whole would put
// all of it on every first load, data routers, server cookie helpers and all. This module
// names only what the apps use, so the shared chunk holds only that. Import routing from here,
// never from `react-router` or `react-router-dom` (biome.jsonc refuses those imports): a second
// copy of the router would have its own context, and links would stop working across remotes.
// `MemoryRouter` for tests is in `shared-auth/testing`, `StaticRouter` in the shell's renderer.
export type { LinkProps } from 'react-router-dom';
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
