import { createFederatedConfig } from 'shared-build';

export default createFederatedConfig({
  name: 'curbside',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});
