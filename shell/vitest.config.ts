import { componentTestConfig } from 'shared-ui/vitest-config';

// strict-csp.test.ts checks what importing strict-csp does to copies of zod loaded before and
// after it, so it needs a module cache of its own.
export default componentTestConfig({ isolated: ['src/security/strict-csp.test.ts'] });
