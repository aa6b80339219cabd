import { createAppConfigs } from 'shared-build';

export default createAppConfigs({
  name: 'curbside',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});
