import { createFederatedConfig } from 'shared-build';

export default createFederatedConfig({ name: 'shell', dir: import.meta.dirname });
