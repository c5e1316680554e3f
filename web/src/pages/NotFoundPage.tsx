import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { MESSAGES } from '#core/messages';
import { ButtonLink } from '../components/ui/Button';
import { PageContainer } from '../components/layout/PageContainer';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');

  // docs/product.md §8: an unknown route is logged.
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <PageContainer className="flex min-h-[60vh] flex-col items-center justify-center text-center">
      <h1 className="text-6xl font-extrabold tracking-tight">404</h1>
      <p className="mt-4 text-xl text-muted-foreground">{MESSAGES.notFound.description}</p>
      <ButtonLink to="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </PageContainer>
  );
}
