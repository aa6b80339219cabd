import { componentTestConfig } from 'shared-ui/vitest-config';

// Typing with user-event re-renders on every key; a test that types a few words can pass 5 s.
export default componentTestConfig({ testTimeout: 15_000 });
