import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './components/layout/AppLayout';
import ErrorPage from './pages/ErrorPage';

/**
 * Every page is its own chunk, loaded when its route is first matched, so the home page only
 * downloads the shell plus its own code. Import paths stay literal for the bundler to split.
 */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

// The routes of docs/product.md §2. The server answers 404 for paths outside this list (see server routes).
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    // Shown only while the first lazy page loads on a cold start.
    hydrateFallbackElement: <div aria-busy="true" className="min-h-screen" />,
    children: [
      { index: true, ...page(() => import('./pages/HomePage')) },
      { path: 'features', ...page(() => import('./pages/static/FeaturesPage')) },
      { path: 'implementation', ...page(() => import('./pages/static/ImplementationPage')) },
      { path: 'ledger', ...page(() => import('./pages/LedgerPage')) },
      { path: 'about', ...page(() => import('./pages/static/AboutPage')) },
      { path: 'removal-request', ...page(() => import('./pages/RemovalRequestPage')) },
      { path: 'fast-submit', ...page(() => import('./pages/FastSubmitPage')) },
      { path: 'fast-submit/batch', ...page(() => import('./pages/BatchSubmitPage')) },
      { path: 'verify/:id', ...page(() => import('./pages/VerifyPage')) },
      { path: 'artist/:artistName', ...page(() => import('./pages/ArtistPage')) },
      { path: 'lookup', ...page(() => import('./pages/LookupPage')) },
      { path: 'verify-proof', ...page(() => import('./pages/VerifyProofPage')) },
      { path: 'manage', ...page(() => import('./pages/ManagePage')) },
      // The pages e-mailed confirmation links open: a button POSTs the token (decision 0053).
      { path: 'confirm-email', ...page(() => import('./pages/ConfirmEmailPage')) },
      { path: 'watch/confirm', ...page(() => import('./pages/WatchConfirmPage')) },
      { path: 'artist-dispute/confirm', ...page(() => import('./pages/ClaimDisputeConfirmPage')) },
      { path: 'co-author/confirm', ...page(() => import('./pages/CoAuthorConfirmPage')) },
      { path: 'compliance', ...page(() => import('./pages/static/CompliancePage')) },
      { path: 'api/docs', ...page(() => import('./pages/static/ApiDocsPage')) },
      { path: 'terms', ...page(() => import('./pages/static/TermsPage')) },
      { path: 'privacy', ...page(() => import('./pages/static/PrivacyPage')) },
      { path: 'admin', ...page(() => import('./pages/admin/AdminPage')) },
      { path: 'admin/removal-requests', ...page(() => import('./pages/admin/RemovalRequestsPage')) },
      { path: 'admin/claim-disputes', ...page(() => import('./pages/admin/ClaimDisputesPage')) },
      { path: 'admin/deleted-submissions', ...page(() => import('./pages/admin/DeletedSubmissionsPage')) },
      { path: 'admin/audit-log', ...page(() => import('./pages/admin/AuditLogPage')) },
      { path: 'admin/jobs', ...page(() => import('./pages/admin/JobsPage')) },
      { path: 'admin/webhooks', ...page(() => import('./pages/admin/WebhooksPage')) },
      { path: '*', ...page(() => import('./pages/NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
