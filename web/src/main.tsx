import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
// Sonner also injects these styles at runtime; the file copy keeps toasts styled under a CSP
// that blocks injected <style> tags.
import 'sonner/dist/styles.css';
import './styles.css';
import { router } from './router';
import { queryClient } from './lib/queryClient';
import { LazyToaster } from './components/layout/LazyToaster';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LazyToaster />
    </QueryClientProvider>
  </StrictMode>,
);
