import { createAppConfigs } from 'shared-build';

export default createAppConfigs({
  name: 'marketing',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});
