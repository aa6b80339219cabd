import { componentTestConfig } from 'shared-ui/vitest-config';

// page-ready.test.ts follows the module's one state from "not ready" to "ready".
export default componentTestConfig({ isolated: ['src/page-ready.test.ts'] });
