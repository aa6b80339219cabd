import { componentTestConfig } from 'shared-ui/vitest-config';

export default componentTestConfig({
  // strict-csp.test.ts checks what importing strict-csp does to copies of zod loaded before and
  // after it, so it needs a module cache of its own.
  isolated: ['src/security/strict-csp.test.ts'],
  setupFiles: ['src/routing/route-owners.test-setup.ts'],
});
