import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from 'shared-client';
import { ThemeRoot, Toaster } from 'shared-ui';
import { AuthProvider } from './auth-context';

/**
 * Everything a page needs around it: theme, the one QueryClient, auth and the toast area. The shell
 * renders it once; remotes render inside it (and a remote running standalone renders it itself).
 */
export function AppProviders({
  children,
  client,
}: {
  children: ReactNode;
  /**
   * The QueryClient to use instead of a new one: the server's rendering reads what its queries
   * fetched afterwards, and the browser's is hydrated with that before the page.
   */
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
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
