import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { Toasts } from './ui/Toasts.tsx';

/**
 * The app around its router: the same tree in the browser (start-app.tsx) and on the server (entry-server.tsx), so that
 * the browser hydrates what the server rendered.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <Toasts />
      </QueryClientProvider>
    </StrictMode>
  );
}
