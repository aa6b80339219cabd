import { createAppConfigs } from 'shared-build';

export default createAppConfigs({ name: 'shell', dir: import.meta.dirname });
