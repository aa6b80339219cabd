import { componentTestConfig } from 'shared-ui/vitest-config';

export default componentTestConfig();
