import { lazy, Suspense } from 'react';

// sonner is loaded with the first page that needs it rather than with the shell. Its toast
// store is a module singleton, so `toast()` calls from pages reach this Toaster once mounted.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster richColors closeButton position="top-right" />
    </Suspense>
  );
}
