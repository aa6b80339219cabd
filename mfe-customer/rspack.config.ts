import { createAppConfigs } from 'shared-build';

export default createAppConfigs({
  name: 'customer',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});
