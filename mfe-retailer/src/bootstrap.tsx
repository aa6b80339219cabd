import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from 'shared-auth';
import { BrowserRouter } from 'shared-ui/router';
import Routes from './routes';

// Standalone development page (`pnpm --filter mfe-retailer dev`): this remote's routes inside the same
// providers the shell gives it, without the shell's header and footer.
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
