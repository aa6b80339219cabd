import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ThemeRoot, Toaster } from 'shared-ui';
import { AuthProvider } from './auth-context';
import { createQueryClient } from './query-client';

/**
 * Everything a page needs around it: theme, the one QueryClient, auth and the toast area. The shell
 * renders it once; remotes render inside it (and a remote running standalone renders it itself).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeRoot>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeRoot>
  );
}
