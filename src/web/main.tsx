import './zod-config.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client.ts';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { router } from './router.tsx';
import './styles.css';
import { Toasts } from './ui/Toasts.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <Toasts />
    </QueryClientProvider>
  </StrictMode>,
);
