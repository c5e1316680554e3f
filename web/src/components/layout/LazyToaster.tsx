import { lazy, Suspense } from 'react';

// sonner is loaded with the first page that needs it rather than with the shell. Its toast
// store is a module singleton, so `toast()` calls from pages reach this Toaster once mounted.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Where toasts hide nothing (issue 17): at the bottom, away from page and dialog headings and
 * close buttons, which sit at the top. Below 600 px sonner stretches the toast across the
 * bottom edge; above, it sits in the bottom-right corner. One toast at a time: lib/toast.ts
 * dismisses the previous one, and `visibleToasts` keeps a second from showing behind it.
 */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster richColors closeButton position="bottom-right" visibleToasts={1} />
    </Suspense>
  );
}
