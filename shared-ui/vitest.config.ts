import { componentTestConfig } from 'shared-ui/vitest-config';

// page-ready.test.ts follows the module's one state from "not ready" to "ready";
// toaster-offline.test.tsx replaces the toast area's code with one that fails to load.
export default componentTestConfig({
  isolated: ['src/page-ready.test.ts', 'src/toast/toaster-offline.test.tsx'],
});
