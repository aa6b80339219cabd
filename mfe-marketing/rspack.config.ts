import { createFederatedConfig } from 'shared-build';

export default createFederatedConfig({
  name: 'marketing',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});
