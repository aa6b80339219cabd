import { createFederatedConfig } from 'shared-build';

export default createFederatedConfig({
  name: 'customer',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});
